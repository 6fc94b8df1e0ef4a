import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// moto's S3-API server on 127.0.0.1, for tests that push to a real S3 implementation. Each
/// value is its own empty store; it stops in ``stop()`` or when released. Install moto with
/// `scripts/bootstrap` (PyPI `moto[server]`, plus `boto3` for ``S3Inspector``).
///
/// ```swift
/// let moto = try MotoServer()
/// defer { moto.stop() }
/// try S3Inspector(endpoint: moto.endpoint).createPublicBucket("media")
/// ```
public final class MotoServer: @unchecked Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case didNotStart(reason: String)

        public var description: String {
            switch self {
            case .notInstalled: "moto not found (neither moto_server nor python3 -m moto.server): run scripts/bootstrap"
            case .didNotStart(let reason): "moto did not start: \(reason)"
            }
        }
    }

    /// `http://127.0.0.1:<port>`
    public let endpoint: URL
    public let port: UInt16
    private let process: Process
    private let lock = NSLock()
    private var stopped = false

    /// Credentials moto accepts (it does not check them); set them for the tool under test.
    public static let environment = [
        "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_REGION": "us-east-1", "AWS_SESSION_TOKEN": "testing-session",
    ]

    public init() throws {
        var reason = ""
        for _ in 1...3 {
            let port = try LoopbackSocket.freePort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-m", "moto.server", "-H", "127.0.0.1", "-p", "\(port)"]
            var environment = ProcessInfo.processInfo.environment
            environment["PYTHONUNBUFFERED"] = "1"
            process.environment = environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try SignalReadySpawn.run(process)
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, process.isRunning, !LoopbackSocket.canConnect(port: port) {
                Thread.sleep(forTimeInterval: 0.05)
            }
            if process.isRunning, LoopbackSocket.canConnect(port: port) {
                self.process = process
                self.port = port
                self.endpoint = URL(string: "http://127.0.0.1:\(port)")!
                return
            }
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            if process.terminationStatus == 1 { throw Failure.notInstalled }
            reason = "no connection on 127.0.0.1:\(port) (exit status \(process.terminationStatus))"
        }
        throw Failure.didNotStart(reason: reason)
    }

    deinit { stop() }

    /// Stops moto (SIGTERM, then SIGKILL after 3 s). Safe to call twice.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
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
