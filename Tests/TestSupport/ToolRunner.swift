import Foundation

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
    }

    /// The folder holding the built products: the one holding the test bundle (or the test
    /// runner executable), whichever has the tools.
    public static var productsDirectory: URL {
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

    /// Runs any executable (an installed copy of a tool, a script) the same way.
    public static func run(
        executable: URL, _ arguments: [String], environment: [String: String] = [:],
        directory: String? = nil, stdin: Data? = nil
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
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Drain both pipes concurrently so a chatty tool never blocks on a full pipe.
        let errData = LockedData()
        let reader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self), stdoutData: outData)
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
