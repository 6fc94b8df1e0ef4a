import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Tests/Browser/link_emulator.py` in front of a loopback port: a network link in user space (a
/// round trip, jitter) for tests of players far away. Killed when released.
///
/// ```swift
/// let uplink = try LinkEmulator(to: relay.port, rtt: 30, jitter: 10)
/// // http://127.0.0.1:\(uplink.port) reaches the relay 30 ms ± 5 each way later
/// ```
public final class LinkEmulator: @unchecked Sendable {
    let process = Process()
    private let output = StreamedOutput()
    public let port: Int
    /// The file the link keeps its byte counts in (`{"up", "down"}`), when asked for.
    public let statsFile: String?

    public init(to target: Int, rtt: Double, jitter: Double = 0, seed: Int = 1, statsFile: String? = nil) throws {
        self.statsFile = statsFile
        let script = ToolRunner.repositoryRoot.appendingPathComponent("Tests/Browser/link_emulator.py").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", script, "--to", String(target), "--rtt", String(rtt), "--jitter", String(jitter),
                "--seed", String(seed),
            ] + (statsFile.map { ["--stats", $0] } ?? [])
        process.standardOutput = output.pipe
        process.standardError = output.errors
        process.standardInput = FileHandle.nullDevice
        try SignalReadySpawn.run(process)
        output.start()
        guard let line = output.waitForLine(containing: "link ready on ", timeout: 10),
            let number = line.split(separator: " ").last.flatMap({ Int($0) })
        else {
            kill(process.processIdentifier, SIGKILL)
            throw ServeProcess.Failure(
                description: "link_emulator.py did not start: \(output.text) \(output.errorText)")
        }
        port = number
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
