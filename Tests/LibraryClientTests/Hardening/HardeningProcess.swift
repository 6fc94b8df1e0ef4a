import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A built tool (`client`, …) running in the background, its output going to files (so a chatty
/// child never blocks on a pipe), that a test can watch, SIGKILL, or wait for — always bounded.
/// A child still running when the value is released is killed (no leftover processes).
final class ChildProcess: @unchecked Sendable {
    let name: String
    let started = Date()
    private let process = Process()
    private let endLock = NSLock()
    private var ended: Date?
    private let outURL: URL
    private let errURL: URL

    init(_ tool: String, _ arguments: [String], logs: URL, name: String) throws {
        self.name = name
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        outURL = logs.appendingPathComponent("\(name).out")
        errURL = logs.appendingPathComponent("\(name).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        process.executableURL = ToolRunner.productsDirectory.appendingPathComponent(tool)
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { [endLock] _ in endLock.withLock { self.ended = Date() } }
        try process.run()
    }

    deinit { kill9() }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }
    /// Seconds from the start to the exit (or to now while running).
    var elapsed: Double { (endLock.withLock { ended } ?? Date()).timeIntervalSince(started) }

    /// SIGKILL (when still running), then waits for the exit. Returns whether it was still running.
    @discardableResult
    func kill9() -> Bool {
        guard process.isRunning else { return false }
        kill(process.processIdentifier, SIGKILL)
        _ = wait(seconds: 10)
        return true
    }

    /// Waits up to `seconds` for the exit; false on timeout (the child is left running).
    @discardableResult
    func wait(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(2000) }
        return !process.isRunning
    }

    /// Waits up to `seconds`; on timeout kills the child and throws.
    func finish(within seconds: Double) throws -> (status: Int32, stdout: String, stderr: String) {
        guard wait(seconds: seconds) else {
            kill9()
            throw HardeningError("\(name) did not finish within \(seconds) s (killed); stderr: \(stderr)")
        }
        return (process.terminationStatus, stdout, stderr)
    }

    var wasKilled: Bool { !process.isRunning && process.terminationReason == .uncaughtSignal }
    var status: Int32 { process.terminationStatus }
    var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
}

struct HardeningError: Error, CustomStringConvertible {
    let description: String
    init(_ text: String) { description = text }
}

/// Polls `condition` every 2 ms until it holds, `process` exits, or `seconds` pass.
/// Returns true when the condition held.
func poll(until condition: () -> Bool, while process: ChildProcess, seconds: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        if !process.isRunning { return condition() }
        usleep(2000)
    }
    return false
}

/// The size of a file, or nil when it does not exist.
func fileSize(_ url: URL) -> Int64? {
    (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
}

/// Names in a folder (empty when it is missing).
func folderNames(_ url: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}

/// Whether the slow (100k-item) variants run: `SOUNDSHELF_SLOW_TESTS=1`.
var slowTestsEnabled: Bool { ProcessInfo.processInfo.environment["SOUNDSHELF_SLOW_TESTS"] == "1" }

/// Items in the hardening catalogs: `$SOUNDSHELF_HARDENING_ITEMS` (`scripts/crash-tests --items N`),
/// else 100,000 for the slow run and 20,000 in the normal suite.
var hardeningItems: Int {
    ProcessInfo.processInfo.environment["SOUNDSHELF_HARDENING_ITEMS"].flatMap { Int($0) }
        ?? (slowTestsEnabled ? 100_000 : 20_000)
}

/// Seconds a whole sync of the hardening catalog may take: 300 up to 100,000 items, more above.
var hardeningSyncSeconds: Double { 300 * max(1, Double(hardeningItems) / 100_000) }

/// Prints one figure line for the hardening report (visible in `swift test` output).
func report(_ line: String) { print("[hardening] \(line)") }

/// Runs blocking work (polling, waiting for children) on its own thread, so the test never
/// ties up a thread of Swift's cooperative pool that other tests need.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}

/// Folders of the built-once shared fixtures (never released), removed when the test process exits.
enum ExitCleanup {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: [String] = []
    private static let registered: Void = { atexit { ExitCleanup.removeAll() } }()

    static func remove(atExit url: URL) {
        _ = registered
        lock.withLock { paths.append(url.path) }
    }

    private static func removeAll() {
        for path in lock.withLock({ paths }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
