import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running `client serve --port 0` (the built executable): the URL it printed, its output, and a
/// way to stop it with a signal and learn how it exited. Killed when released.
///
/// ```swift
/// let server = try ServeProcess(root: root)
/// defer { _ = server.stop() }
/// let page = try HTTPClient.get(server.url)   // http://127.0.0.1:<port>/
/// ```
public final class ServeProcess: @unchecked Sendable {
    let process = Process()
    /// `http://127.0.0.1:<port>/`, as the server printed it.
    public let url: String
    private let output = StreamedOutput()

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public init(root: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        process.executableURL = ToolRunner.productsDirectory.appendingPathComponent("client")
        process.arguments = ["serve", "--port", "0", "--root", root] + arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["SOUNDSHELF_ROOT", "SOUNDSHELF_CATALOG", "SOUNDSHELF_TEMPLATES"] { env[key] = nil }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = output.pipe
        process.standardError = output.errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        output.start()
        guard let line = output.waitForLine(containing: "http://", timeout: 30),
            let range = line.range(of: #"http://[^ ]+/"#, options: .regularExpression)
        else {
            process.terminate()
            throw Failure(description: "client serve printed no URL: \(output.text) \(output.errorText)")
        }
        url = String(line[range])
    }

    /// Sends `signal` and waits up to `timeout` seconds; the exit status, or nil when it still runs.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 20) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// What the server wrote on stderr so far.
    public var errorText: String { output.errorText }

    /// Everything the server printed so far (for a failing test's message).
    public var outputText: String { output.text + output.errorText }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
