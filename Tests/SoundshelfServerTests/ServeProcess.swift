import Foundation
import TestSupport

/// A running `client serve --port 0` (the built executable): the URL it printed, its output, and a
/// way to stop it with a signal and learn how it exited.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let url: String
    private let output = StreamedOutput()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(root: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
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
    func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 20) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }

    var errorText: String { output.errorText }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// A child's stdout read as it arrives (and its stderr kept), for waiting on a line.
final class StreamedOutput: @unchecked Sendable {
    let pipe = Pipe()
    let errors = Pipe()
    private let lock = NSLock()
    private var data = Data()
    private var errorData = Data()

    func start() {
        Thread {
            while true {
                let chunk = self.pipe.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                self.lock.withLock { self.data.append(chunk) }
            }
        }.start()
        Thread {
            while true {
                let chunk = self.errors.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                self.lock.withLock { self.errorData.append(chunk) }
            }
        }.start()
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    var errorText: String { lock.withLock { String(decoding: errorData, as: UTF8.self) } }

    /// The first line holding `needle`, waiting up to `timeout` seconds for it.
    func waitForLine(containing needle: String, timeout: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = text.split(separator: "\n").first(where: { $0.contains(needle) }) { return String(line) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }
}
