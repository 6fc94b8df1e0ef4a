import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built command-line tools (`packer`, `catalog`, `client`) as a user would, from
/// the build folder that holds the test bundle.
///
/// ```swift
/// let result = try ToolRunner.run("packer", ["validate", "catalog/catalog.yaml"])
/// #expect(result.status == 0)
/// ```
public enum ToolRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var stdoutData: Data
        /// The run outlived its `timeout` and was stopped (SIGTERM, then SIGKILL 5 s later).
        public var timedOut = false
    }

    /// The folder holding the built products: `$SOUNDSHELF_TOOLS_DIR` when set (the slow
    /// hardening run points it at release builds), else the one holding the test bundle (or the
    /// test runner executable), whichever has the tools.
    public static var productsDirectory: URL {
        if let tools = ProcessInfo.processInfo.environment["SOUNDSHELF_TOOLS_DIR"], !tools.isEmpty {
            return URL(fileURLWithPath: tools, isDirectory: true)
        }
        let bundle = Bundle.main.bundleURL
        let executable = Bundle.main.executableURL?.deletingLastPathComponent() ?? bundle
        let candidates = [
            bundle, bundle.deletingLastPathComponent(), executable, executable.deletingLastPathComponent(),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("packer").path) }
            ?? bundle
    }

    /// The repository root (the folder holding Package.swift), found from this source file.
    public static var repositoryRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    public static func run(
        _ tool: String, _ arguments: [String], environment: [String: String] = [:],
        directory: String? = nil, stdin: Data? = nil
    ) throws -> Result {
        try run(
            executable: productsDirectory.appendingPathComponent(tool), arguments, environment: environment,
            directory: directory, stdin: stdin)
    }

    /// Runs any executable (an installed copy of a tool, a script) the same way. With `timeout`
    /// (seconds), a run still going then is stopped with SIGTERM (SIGKILL 5 s later) and its
    /// result says ``Result/timedOut``.
    public static func run(
        executable: URL, _ arguments: [String], environment: [String: String] = [:],
        directory: String? = nil, stdin: Data? = nil, timeout: Double? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        // A developer's own data root, catalog or templates must never leak into a test.
        for key in ["SOUNDSHELF_ROOT", "SOUNDSHELF_CATALOG", "SOUNDSHELF_TEMPLATES"] { env[key] = nil }
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        // `stdin` from a file (a pipe written here could block on a large input); else nothing.
        var input: URL?
        if let stdin {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("stdin-\(UUID().uuidString)")
            try stdin.write(to: url)
            input = url
            process.standardInput = try FileHandle(forReadingFrom: url)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        defer { if let input { try? FileManager.default.removeItem(at: input) } }
        // With a time limit the child must hear SIGTERM (see SignalReadySpawn).
        if timeout == nil { try process.run() } else { try SignalReadySpawn.run(process) }
        let watchdog = timeout.map { Watchdog(process, seconds: $0) }
        // Drain both pipes concurrently so a chatty tool never blocks on a full pipe.
        let errData = LockedData()
        let reader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self), stdoutData: outData,
            timedOut: watchdog?.finish() ?? false)
    }
}

/// Stops a process that runs longer than its time limit: SIGTERM, then SIGKILL 5 s later.
final class Watchdog: @unchecked Sendable {
    private let condition = NSCondition()
    private var done = false
    private var fired = false

    init(_ process: Process, seconds: Double) {
        Thread.detachNewThread { [self] in
            condition.lock()
            let deadline = Date().addingTimeInterval(seconds)
            while !done, condition.wait(until: deadline) {}
            if !done {
                fired = true
                Self.signal(process, SIGTERM)
                let hard = Date().addingTimeInterval(5)
                while !done, condition.wait(until: hard) {}
                if !done { Self.signal(process, SIGKILL) }
            }
            condition.unlock()
        }
    }

    /// Signals the process's group (Foundation starts each child as a group leader), so what it
    /// started itself (a browser, a `sleep`) stops too and releases the output pipes.
    private static func signal(_ process: Process, _ signal: Int32) {
        let pid = process.processIdentifier
        if getpgid(pid) == pid { kill(-pid, signal) } else { kill(pid, signal) }
    }

    /// Call once the process has exited; tells whether the time limit stopped it.
    func finish() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        done = true
        condition.broadcast()
        return fired
    }
}

/// stderr read on another thread, handed over once complete.
final class LockedData: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data ?? Data()
    }
}
