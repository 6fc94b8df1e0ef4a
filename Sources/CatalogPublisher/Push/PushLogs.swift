import Foundation

/// The copy sources of one batch (relative path → key holding the same bytes), the keys it
/// copied, and whether the store refused a copy during the push.
struct CopyPlan: Sendable {
    let sources: [String: String]
    let refusal: CopyRefusal
    let copied: KeyLog
}

/// Whether the store refused a copy (after which the push uploads everything else instead of
/// asking again).
final class CopyRefusal: @unchecked Sendable {
    private let lock = NSLock()
    private var refusedFlag = false

    var refused: Bool { lock.withLock { refusedFlag } }
    func refuse() { lock.withLock { refusedFlag = true } }
}

/// Keys in the order their uploads finished, appended from concurrent tasks.
final class KeyLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ key: String) { lock.withLock { stored.append(key) } }
    var keys: [String] { lock.withLock { stored } }
}
