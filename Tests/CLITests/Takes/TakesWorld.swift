import Foundation
import TestSupport
import Testing

/// A catalog folder with one sfx pack, recordings made by sox, and the built tools run on it
/// as an author and a user would: edit pack.yaml, publish, sync, install, show.
///
/// ```swift
/// let world = try TakesWorld()
/// try world.record("rec/clash-1.wav", seconds: 0.2, frequency: 600)
/// try world.writePack(version: 1, items: "  - id: …")
/// let show = try world.client(["show", id, "--json"])
/// ```
final class TakesWorld: @unchecked Sendable {
    static let packId = "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10"
    let tmp: TemporaryDirectory
    var catalog: String { tmp.path("catalog") }
    var packFile: String { tmp.path("catalog/packs/foley/pack.yaml") }
    var dist: String { tmp.path("dist") }
    var root: String { tmp.path("root") }

    init() throws {
        tmp = try TemporaryDirectory(prefix: "takes")
        _ = try tmp.write(
            "catalog/catalog.yaml",
            """
            title: Takes
            vocabularies: {locations: [Forest], moods: [Action], musicThemes: [], atmosphereThemes: [], sfxThemes: [Combat Impacts], creatureTypes: []}
            packs: packs/

            """)
    }

    /// A mono 16-bit WAV of a sine tone, made by sox.
    func record(_ relative: String, seconds: Double, frequency: Int) throws {
        let path = tmp.path(relative)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let sox = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/sox"),
            [
                "-n", "-r", "22050", "-c", "1", "-b", "16", path, "synth", "\(seconds)", "sine", "\(frequency)", "vol",
                "0.3",
            ])
        try #require(sox.status == 0, "sox: \(sox.stderr)")
    }

    /// pack.yaml: the pack's keys at lines 1–6, `items:` at line 6, the items from line 7.
    func writePack(version: Int, items: String) throws {
        _ = try tmp.write(
            "catalog/packs/foley/pack.yaml",
            """
            id: \(Self.packId)
            slug: foley
            kind: sfx
            title: Foley
            version: \(version)
            items:
            \(items)

            """)
    }

    func tool(_ name: String, _ arguments: [String]) throws -> ToolRunner.Result {
        try ToolRunner.run(name, arguments)
    }

    /// `client …` on this world's data root.
    func client(_ arguments: [String]) throws -> ToolRunner.Result {
        try ToolRunner.run("client", arguments + ["--root", root])
    }

    func json(_ result: ToolRunner.Result) throws -> [String: Any] {
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    /// `catalog publish`, then `client sync`.
    func publishAndSync() throws {
        let publish = try tool("catalog", ["publish", dist, "--source", catalog])
        try #require(publish.status == 0, "\(publish.stderr)")
        let sync = try client(["sync", "--catalog", dist, "--json"])
        try #require(sync.status == 0, "\(sync.stderr)")
    }

    func show(_ item: String) throws -> [String: Any] { try json(client(["show", item, "--json"])) }

    /// The published manifest of `version`.
    func manifest(version: Int) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(dist)/packs/\(Self.packId)/\(version)/manifest.json"))
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The files installed for the pack, by name.
    func installedFiles() -> [String: Data] {
        let folder = "\(root)/AudioAssets/\(Self.packId)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var files: [String: Data] = [:]
        for name in names { files[name] = FileManager.default.contents(atPath: "\(folder)/\(name)") }
        return files
    }
}
