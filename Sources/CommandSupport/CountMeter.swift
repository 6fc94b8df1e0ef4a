import Foundation

/// A progress line for work counted in steps (packs checked, packs built) on a terminal:
/// `checking packs 37/100 · 4.1s · about 7s left`, redrawn at most 5 times a second and cleared
/// at the end. Silent on a pipe or a file and with `--json` (`enabled: false`): what they get is
/// the command's own output only.
///
/// ```swift
/// let meter = CountMeter(enabled: !output.json)
/// meter.update("checking packs", done: 37, total: 100)
/// meter.finish()
/// ```
public final class CountMeter: @unchecked Sendable {
    private let enabled: Bool
    private var phase = ""
    private var started = Date()
    private var last = Date.distantPast
    private var drew = false
    private let lock = NSLock()

    public init(enabled: Bool, terminal: Bool = Output.isTerminal) {
        self.enabled = enabled && terminal
    }

    public func update(_ phase: String, done: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard enabled else { return }
        let now = Date()
        if phase != self.phase {
            self.phase = phase
            started = now
        }
        guard now.timeIntervalSince(last) >= 0.2 || done == total else { return }
        last = now
        let elapsed = now.timeIntervalSince(started)
        var line = "\(phase) \(done)/\(total) · \(Output.duration(elapsed))"
        if done > 0, total > done, elapsed > 1 {
            line += " · about \(Output.duration(elapsed / Double(done) * Double(total - done))) left"
        }
        Output.raw("\r\(line)\u{1B}[K")
        drew = true
    }

    /// Clears the line, so what the command prints next starts on a clean one.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drew { Output.raw("\r\u{1B}[K") }
        drew = false
    }
}
