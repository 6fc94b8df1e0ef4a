import Foundation
import TestSupport

/// Runs `scripts/check-schemas.py` (Python's jsonschema, draft 2020-12) on documents, and
/// makes broken copies of published JSON documents for it.
///
/// ```swift
/// let r = try SchemaCheck.run("manifest", [path])
/// #expect(r.status == 0, "\(r.output)")
/// ```
enum SchemaCheck {
    struct Result {
        var status: Int32
        var output: String
    }

    static var script: String { ToolRunner.repositoryRoot.appendingPathComponent("scripts/check-schemas.py").path }

    /// Every file must be valid under `schema`; with `invalid`, every file must be rejected.
    /// With `schemaLine`, YAML files must start with an editor modeline naming the schema.
    /// A missing python3 or jsonschema is a failure (status 2 or 127), never a skip.
    static func run(_ schema: String, _ files: [String], invalid: Bool = false, schemaLine: Bool = false) throws
        -> Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", script]
        if invalid { arguments.append("--invalid") }
        if schemaLine { arguments.append("--schema-line") }
        process.arguments = arguments + [schema] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// Reads a JSON object from `path`.
    static func object(at path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Writes `value` as JSON to `tmp/relative`; returns its path.
    static func write(_ value: Any, to relative: String, in tmp: TemporaryDirectory) throws -> String {
        try tmp.write(relative, JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]))
    }

    /// `root` with the value at `path` (keys and array indexes) replaced, or removed when nil.
    static func setting(_ root: Any, _ path: [any Sendable], to value: Any?) -> Any {
        guard let head = path.first else { return value as Any }
        let rest = Array(path.dropFirst())
        if let key = head as? String, var object = root as? [String: Any] {
            if rest.isEmpty, value == nil {
                object[key] = nil
            } else {
                object[key] = setting(object[key] as Any, rest, to: value)
            }
            return object
        }
        if let index = head as? Int, var array = root as? [Any], array.indices.contains(index) {
            array[index] = setting(array[index], rest, to: value)
            return array
        }
        return root
    }

    /// Publishes the demo catalog with the built `catalog` tool into `tmp/dist` (`schema` 1: one
    /// seed, whose schema the tests check; 2: catalog.json's schema-2 form).
    static func publishDemo(into tmp: TemporaryDirectory, schema: Int = 1) throws -> String {
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.path("dist")
        let result = try ToolRunner.run(
            "catalog", ["publish", dist, "--source", source, "--schema-version", "\(schema)"])
        guard result.status == 0 else { throw PublishFailure(message: result.stderr) }
        return dist
    }

    static func files(in folder: String, suffix: String) throws -> [String] {
        let names = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
    }

    struct PublishFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { "catalog publish failed: \(message)" }
    }
}
