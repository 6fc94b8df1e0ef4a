import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running `soundshelf-relay` (the built executable) on loopback with a key file of one key: the
/// URL it printed, and a way to kill it (to test an owner coming back to a relay that lost its
/// sessions, start another on the same port).
///
/// ```swift
/// let relay = try RelayProcess(folder: tmp)
/// try client serve --relay relay.url --relay-key-file relay.keyFile
/// ```
public final class RelayProcess: @unchecked Sendable {
    let process = Process()
    /// `http://127.0.0.1:<port>`, as the relay printed it.
    public let url: String
    public let port: Int
    public let keyFile: String
    private let output = StreamedOutput()

    public static let key = "relay-key-of-the-tests-0123456789"

    public init(folder: TemporaryDirectory, port: Int = 0, arguments: [String] = []) throws {
        keyFile = folder.url.appendingPathComponent("relay.keys").path
        try "\(Self.key)\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
        process.executableURL = ToolRunner.productsDirectory.appendingPathComponent("soundshelf-relay")
        process.arguments = ["--host", "127.0.0.1", "--port", String(port), "--key-file", keyFile] + arguments
        process.standardOutput = output.pipe
        process.standardError = output.errors
        process.standardInput = FileHandle.nullDevice
        try SignalReadySpawn.run(process)
        output.start()
        guard let line = output.waitForLine(containing: "http://", timeout: 30),
            let range = line.range(of: #"http://[0-9.]+:[0-9]+"#, options: .regularExpression),
            let colon = line[range].lastIndex(of: ":"), let number = Int(line[range][line.index(after: colon)...])
        else {
            process.terminate()
            throw ServeProcess.Failure(
                description: "soundshelf-relay printed no URL: \(output.text) \(output.errorText)")
        }
        url = String(line[range])
        self.port = number
    }

    /// Kills the relay at once (its sessions are lost, as when a machine goes away).
    public func killNow() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    public var outputText: String { output.text + output.errorText }

    deinit { killNow() }
}
