import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system nginx serving a folder on 127.0.0.1, for tests that need a real static web
/// server (Range requests, MIME types, HEAD) — the way a CDN or static host serves a catalog.
///
/// nginx runs as a child process in the foreground with a generated config whose pid file,
/// logs and temp folders live in a private temp folder; it stops in ``stop()`` or when the
/// value is released. Install nginx with `scripts/bootstrap` (Debian package `nginx-light`).
///
/// ```swift
/// let nginx = try NginxServer(root: dist.path)
/// defer { nginx.stop() }
/// let (data, _) = try await URLSession.shared.data(from: nginx.baseURL.appendingPathComponent("catalog.json"))
/// ```
///
/// `@unchecked Sendable`: `baseURL`, `workDirectory` and `process` are set once in `init`;
/// stopping (the only mutation, of `stopped` and the process) happens while holding `lock`.
public final class NginxServer: @unchecked Sendable {
    /// Why nginx could not be started.
    public enum Failure: Error, CustomStringConvertible {
        case notInstalled(path: String)
        case didNotStart(reason: String, log: String)

        public var description: String {
            switch self {
            case .notInstalled(let path):
                "nginx not found at \(path): run scripts/bootstrap (it installs the Debian package nginx-light)"
            case .didNotStart(let reason, let log):
                "nginx did not start: \(reason)\n\(log)"
            }
        }
    }

    /// `http://127.0.0.1:<port>/`
    public let baseURL: URL
    let workDirectory: URL
    private let process: Process
    private let lock = NSLock()
    private var stopped = false

    /// Starts nginx serving `root` on a free loopback port and waits (up to ~5 s) until it
    /// accepts connections.
    /// - Throws: ``Failure/notInstalled(path:)`` without nginx, ``Failure/didNotStart(reason:log:)`` otherwise.
    /// `rateLimit`: nginx's `limit_rate` per response (e.g. `"200k"`), to keep a download running
    /// long enough to interrupt it.
    ///
    /// `http` and `locations`: nginx directives added to the `http` block and put in place of the
    /// server's `location / { }` (a proxy in front of several relays, say).
    public init(
        root: String, executable: String = "/usr/sbin/nginx", rateLimit: String? = nil, http: String = "",
        locations: String = "location / { }"
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Failure.notInstalled(path: executable)
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundshelf-nginx-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        var reason = ""
        var log = ""
        for attempt in 1...5 {
            let port = try LoopbackSocket.freePort()
            let config = NginxConfig.text(
                root: root, port: port, workDirectory: work.path, rateLimit: rateLimit, http: http, locations: locations
            )
            let process = try Self.launch(executable, config: config, work: work)
            let readiness = Self.waitUntilReady(process, port: port)
            if readiness == .ready {
                self.process = process
                self.workDirectory = work
                self.baseURL = URL(string: "http://127.0.0.1:\(port)/")!
                return
            }
            if readiness == .timedOut { Self.terminate(process) }
            log = Self.log(work)
            // Another process took the free port between our check and nginx's bind: try another.
            if readiness == .exited, log.contains("Address already in use"), attempt < 5 { continue }
            reason =
                readiness == .exited
                ? "it exited (status \(process.terminationStatus))"
                : "no connection on 127.0.0.1:\(port) after 5 s"
            break
        }
        try? FileManager.default.removeItem(at: work)
        throw Failure.didNotStart(reason: reason, log: log)
    }

    deinit { stop() }

    /// The nginx process id (for checks that it is gone after ``stop()``).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Stops nginx (SIGTERM, then SIGKILL after 3 s) and removes its temp folder. Safe to call twice.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        Self.terminate(process)
        try? FileManager.default.removeItem(at: workDirectory)
    }

    private static func launch(_ executable: String, config text: String, work: URL) throws -> Process {
        let config = work.appendingPathComponent("nginx.conf")
        try text.write(to: config, atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(at: work.appendingPathComponent("error.log"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "-p", work.path + "/", "-c", config.path, "-e", work.appendingPathComponent("error.log").path,
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try SignalReadySpawn.run(process)
        return process
    }

    private enum Readiness { case ready, exited, timedOut }

    private static func waitUntilReady(_ process: Process, port: UInt16) -> Readiness {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            guard process.isRunning else { return .exited }
            if LoopbackSocket.canConnect(port: port) { return process.isRunning ? .ready : .exited }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return .timedOut
    }

    /// SIGTERM, wait up to 3 s, then SIGKILL and wait again: never leaves the process behind.
    private static func terminate(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        if waitForExit(process, seconds: 3) { return }
        kill(process.processIdentifier, SIGKILL)
        _ = waitForExit(process, seconds: 5)
    }

    private static func waitForExit(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return !process.isRunning
    }

    private static func log(_ work: URL) -> String {
        (try? String(contentsOf: work.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }
}
