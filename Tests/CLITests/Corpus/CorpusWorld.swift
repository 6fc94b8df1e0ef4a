import Crypto
import Foundation
import TestSupport

/// A published demo catalog and a client root synced from it, made once and copied for each
/// corpus case, plus byte-level snapshots to prove a refused command changed nothing.
final class CorpusWorld: @unchecked Sendable {
    /// Immutable after init.
    let tmp: TemporaryDirectory
    var catalog: String { tmp.path("catalog") }
    var dist: String { tmp.path("dist") }
    var root: String { tmp.path("root") }

    private static let template: Result<TemporaryDirectory, any Error> = Result {
        let t = try TemporaryDirectory(prefix: "corpus-template")
        try DemoCatalog.copyCatalog(into: t)
        try CorpusWorld.check(
            ToolRunner.run(
                "catalog", ["publish", t.path("dist"), "--source", t.path("catalog"), "--schema-version", "1"]))
        try CorpusWorld.check(
            ToolRunner.run("client", ["sync", "--root", t.path("root"), "--catalog", t.path("dist")]))
        return t
    }

    init() throws {
        tmp = try TemporaryDirectory(prefix: "corpus")
        let template = try Self.template.get()
        for name in ["catalog", "dist", "root"] {
            try FileManager.default.copyItem(atPath: template.path(name), toPath: tmp.path(name))
        }
    }

    static func check(_ r: ToolRunner.Result) throws {
        guard r.status == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: r.stderr]) }
    }

    /// SHA-256 of every regular file under `folder` by relative path, leaving out paths for
    /// which `skip` is true. A database counts by its content (an SQL dump): GRDB's
    /// DatabasePool makes a throw-away write on every open (to create the WAL), which changes
    /// header bytes but no row.
    static func snapshot(_ folder: String, skip: (String) -> Bool = { _ in false }) -> [String: String] {
        var result: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return result }
        while let relative = walker.nextObject() as? String {
            let path = (folder as NSString).appendingPathComponent(relative)
            var isDir: ObjCBool = false
            guard !skip(relative), !relative.hasSuffix("-wal"), !relative.hasSuffix("-shm"),
                FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
                let data = relative.hasSuffix(".sqlite") ? sqlDump(path) : FileManager.default.contents(atPath: path)
            else { continue }
            result[relative] = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        }
        return result
    }

    /// The SQL text of a database (Python's sqlite3 `iterdump`), read-only.
    static func sqlDump(_ path: String) -> Data? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [
            "python3", "-c",
            "import sqlite3,sys\nc=sqlite3.connect('file:'+sys.argv[1]+'?mode=ro',uri=True)\nsys.stdout.write('\\n'.join(c.iterdump()))",
            path,
        ]
        let out = Pipe()
        p.standardOutput = out
        guard (try? p.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus == 0 ? data : nil
    }

    /// What the library answers, as JSON text: every kind's list, every pack but its download state.
    func libraryView() throws -> String {
        var parts: [String] = []
        for kind in ["music", "atmosphere", "sfx"] {
            let r = try ToolRunner.run("client", ["list", "--kind", kind, "--limit", "1000", "--root", root, "--json"])
            parts.append(r.stdout)
            let f = try ToolRunner.run("client", ["facets", "--kind", kind, "--root", root, "--json"])
            parts.append(f.stdout)
        }
        let packs = try ToolRunner.run("client", ["packs", "--root", root, "--json"])
        let object = try JSONSerialization.jsonObject(with: packs.stdoutData) as? [String: [[String: Any]]]
        let stable = (object?["packs"] ?? []).map { p in
            ["id", "slug", "version", "installedVersion"].map { "\($0)=\(p[$0] ?? "nil")" }.joined(separator: ",")
        }
        return (parts + stable).joined(separator: "\n")
    }
}
