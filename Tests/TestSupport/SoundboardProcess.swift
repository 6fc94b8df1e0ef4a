import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `client serve` on a free loopback port, serving one data root; it stops in
/// ``stop()`` or when released.
///
/// ```swift
/// let server = try SoundboardProcess(root: root)
/// defer { server.stop() }
/// let page = server.baseURL   // http://127.0.0.1:<port>/
/// ```
public final class SoundboardProcess: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `http://127.0.0.1:<port>/`
    public let baseURL: URL
    private let process: Process
    private let log: URL
    private let lock = NSLock()
    private var stopped = false

    /// Starts `client serve --root ROOT --port P` and waits (up to 20 s) until it accepts connections.
    public init(root: String, extraArguments: [String] = []) throws {
        let executable = ToolRunner.productsDirectory.appendingPathComponent("client")
        log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundshelf-serve-\(UUID().uuidString.prefix(8)).log")
        var reason = ""
        for _ in 1...3 {
            let port = try LoopbackSocket.freePort()
            let process = Process()
            process.executableURL = executable
            process.arguments = ["serve", "--root", root, "--port", "\(port)"] + extraArguments
            var environment = ProcessInfo.processInfo.environment
            for key in ["SOUNDSHELF_ROOT", "SOUNDSHELF_CATALOG", "SOUNDSHELF_TEMPLATES"] { environment[key] = nil }
            process.environment = environment
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: log)
            process.standardError = process.standardOutput
            try SignalReadySpawn.run(process)
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, process.isRunning, !LoopbackSocket.canConnect(port: port) {
                Thread.sleep(forTimeInterval: 0.05)
            }
            if process.isRunning, LoopbackSocket.canConnect(port: port) {
                self.process = process
                self.baseURL = URL(string: "http://127.0.0.1:\(port)/")!
                return
            }
            Self.terminate(process)
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            reason = "no connection on 127.0.0.1:\(port) (exit status \(process.terminationStatus)): \(output)"
            if !output.contains("in use") { break }
        }
        try? FileManager.default.removeItem(at: log)
        throw Failure(description: "client serve did not start: \(reason)")
    }

    deinit { stop() }

    /// What the server printed so far (for a failing test's message).
    public var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Stops the server (SIGTERM, then SIGKILL after 3 s). Safe to call twice.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        Self.terminate(process)
        try? FileManager.default.removeItem(at: log)
    }

    private static func terminate(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
