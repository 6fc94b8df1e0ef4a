import Foundation
import NIOCore

/// The audio the relay fetched from owners, by SHA-256 (the same file in two sessions is held
/// once), bounded in bytes: the least recently served file goes first.
final class RelayFileCache: @unchecked Sendable {
    struct File: Sendable {
        let sha256: String
        let bytes: ByteBuffer
        let contentType: String
    }

    let limit: Int
    private let lock = NSLock()
    private var files: [String: File] = [:]
    private var order: [String] = []
    private var total = 0
    private var received = 0

    init(limit: Int) { self.limit = limit }

    /// The file with this hash, marked as just served.
    func file(_ sha256: String) -> File? {
        lock.withLock {
            guard let file = files[sha256] else { return nil }
            order.removeAll { $0 == sha256 }
            order.append(sha256)
            return file
        }
    }

    /// Keeps `file` (a file larger than the whole cache is served once and not kept).
    func keep(_ file: File) {
        let size = file.bytes.readableBytes
        lock.withLock { received += 1 }
        guard size <= limit else { return }
        lock.withLock {
            if files[file.sha256] != nil { return }
            while total + size > limit, let oldest = order.first {
                order.removeFirst()
                total -= files.removeValue(forKey: oldest)?.bytes.readableBytes ?? 0
            }
            files[file.sha256] = file
            order.append(file.sha256)
            total += size
        }
    }

    /// The bytes held now.
    var bytes: Int { lock.withLock { total } }

    /// How many files owners have sent since the relay started.
    var filesReceived: Int { lock.withLock { received } }
}
