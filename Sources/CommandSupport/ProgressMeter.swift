import Foundation

/// A progress bar on a terminal (bytes, %, rate, ETA), redrawn at most 5 times a second;
/// plain periodic lines (every 2 s) when stderr is not a terminal; silent when disabled.
///
/// ```swift
/// let meter = ProgressMeter(label: "downloading", enabled: true)
/// meter.update(done: 512, total: 1024)
/// meter.finish()
/// ```
public final class ProgressMeter: @unchecked Sendable {
    private let label: String
    private let enabled: Bool
    private let terminal: Bool
    private let start = Date()
    private var last = Date.distantPast
    private var drew = false
    private let lock = NSLock()

    public init(label: String, enabled: Bool, terminal: Bool = Output.isTerminal) {
        self.label = label
        self.enabled = enabled
        self.terminal = terminal
    }

    public func update(done: Int64, total: Int64, detail: String = "") {
        lock.lock()
        defer { lock.unlock() }
        guard enabled else { return }
        let now = Date()
        guard now.timeIntervalSince(last) >= (terminal ? 0.2 : 2.0) || done == total else { return }
        last = now
        let elapsed = max(now.timeIntervalSince(start), 0.001)
        let rate = Double(done) / elapsed
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let eta = rate > 0 && total > done ? Double(total - done) / rate : 0
        let stats =
            "\(ByteFormat.string(done))/\(ByteFormat.string(total)) \(Int(fraction * 100))% \(ByteFormat.string(Int64(rate)))/s ETA \(Int(eta))s \(detail)"
        if terminal {
            let width = 24
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            Output.raw("\r\(label) [\(bar)] \(stats)\u{1B}[K")
            drew = true
        } else {
            Output.error("\(label): \(stats)")
        }
    }

    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drew { Output.raw("\n") }
    }
}
