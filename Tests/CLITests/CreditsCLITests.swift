import Foundation
import TestSupport
import Testing

/// Licenses and credits through the built tools: declared in pack.yaml, published, synced, and
/// answered by `client credits` and `client show`; `licenses.allow` refusing a publish.
@Suite("client credits and licenses", .timeLimit(.minutes(3)), .serialized, .startsProcesses)
struct CreditsCLITests {
    let tmp: TemporaryDirectory
    let root: String

    init() throws {
        tmp = try TemporaryDirectory(prefix: "credits")
        root = tmp.path("root")
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try ToolRunner.run("client", arguments + ["--root", root, "--json"])
        try #require(result.status == 0, "client \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    /// Publishes the licensed demo catalog and syncs it; returns the items as `client list` gives them.
    func publishAndSync() throws -> [[String: Any]] {
        let source = try LicensedCatalog.make(in: tmp)
        let publish = try ToolRunner.run("catalog", ["publish", tmp.path("dist"), "--source", source])
        try #require(publish.status == 0, "catalog publish failed: \(publish.stderr)")
        _ = try json(["sync", "--catalog", tmp.path("dist")])
        return try ["atmosphere", "sfx"].flatMap {
            try json(["list", "--kind", $0])["items"] as? [[String: Any]] ?? []
        }
    }

    /// One `items` entry of the credits JSON, sorted by title like the command sorts them.
    static func entries(_ items: [[String: Any]], credits: [[String: Any]], source: String?) -> [[String: Any]] {
        items.sorted { ($0["title"] as! String).lowercased() < ($1["title"] as! String).lowercased() }.map {
            ["id": $0["id"]!, "title": $0["title"]!, "credits": credits, "source": source ?? NSNull()]
        }
    }

    @Test func creditsAfterSyncAreWhatThePacksDeclaredGroupedByLicenseThenInstalledOnly() throws {
        let items = try publishAndSync()
        let door = try #require(items.first { $0["title"] as? String == "Creaking Door" })
        #expect(door["license"] as? String == "CC-BY-NC-4.0", "list rows carry the license, so an app can mark NC")
        let dungeon = items.filter {
            $0["packId"] as? String == LicensedCatalog.dungeon && $0["id"] as? String != door["id"] as? String
        }
        // Every pack the catalog leaves CC0 (forest-ambience, warband-foley) shares one section.
        let forest = items.filter {
            ![LicensedCatalog.dungeon, LicensedCatalog.tavern].contains($0["packId"] as? String ?? "")
        }
        let tavern = items.filter { $0["packId"] as? String == LicensedCatalog.tavern }
        try #require(!dungeon.isEmpty && !forest.isEmpty && !tavern.isEmpty)
        let ccBy: [String: Any] = [
            "license": "CC-BY-4.0", "name": "Creative Commons Attribution 4.0 International",
            "url": "https://creativecommons.org/licenses/by/4.0/", "attributionRequired": true, "commercialUse": true,
            "items": Self.entries(dungeon, credits: [LicensedCatalog.jane], source: LicensedCatalog.source),
        ]
        let nc: [String: Any] = [
            "license": "CC-BY-NC-4.0", "name": "Creative Commons Attribution Non Commercial 4.0 International",
            "url": "https://creativecommons.org/licenses/by-nc/4.0/", "attributionRequired": true,
            "commercialUse": false,
            "items": Self.entries([door], credits: [LicensedCatalog.nora], source: LicensedCatalog.source),
        ]
        let cc0: [String: Any] = [
            "license": "CC0-1.0", "name": "Creative Commons Zero v1.0 Universal",
            "url": "https://creativecommons.org/publicdomain/zero/1.0/", "attributionRequired": false,
            "commercialUse": true, "items": Self.entries(forest, credits: [LicensedCatalog.project], source: nil),
        ]
        let studio: [String: Any] = [
            "license": "LicenseRef-Studio", "name": "Studio", "url": NSNull(), "attributionRequired": NSNull(),
            "commercialUse": NSNull(), "items": Self.entries(tavern, credits: [LicensedCatalog.project], source: nil),
        ]
        let credits = try json(["credits"])
        let sections = credits["licenses"] as? [[String: Any]] ?? []
        #expect(
            sections.map { $0["license"] as? String } == ["CC-BY-4.0", "CC-BY-NC-4.0", "CC0-1.0", "LicenseRef-Studio"])
        #expect(NSDictionary(dictionary: credits).isEqual(to: ["licenses": [ccBy, nc, cc0, studio]]), "\(credits)")

        let text = try ToolRunner.run("client", ["credits", "--root", root])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Creative Commons Attribution 4.0 International (CC-BY-4.0)"))
        #expect(text.stdout.contains("Creaking Door — Nora Night — source: \(LicensedCatalog.source)"))
        #expect(text.stdout.contains("Attribution required; non-commercial use only"))

        _ = try json(["install", LicensedCatalog.forest])
        let installed = try json(["credits", "--installed"])
        var installedCC0 = cc0
        installedCC0["items"] = Self.entries(
            forest.filter { $0["packId"] as? String == LicensedCatalog.forest }, credits: [LicensedCatalog.project],
            source: nil)
        #expect(NSDictionary(dictionary: installed).isEqual(to: ["licenses": [installedCC0]]), "\(installed)")

        let shown = try json(["show", door["id"] as! String])
        #expect(shown["license"] as? String == "CC-BY-NC-4.0")
        #expect(
            (shown["credits"] as? [[String: Any]])?.map { NSDictionary(dictionary: $0) } == [
                NSDictionary(dictionary: LicensedCatalog.nora)
            ])
        #expect(shown["source"] as? String == LicensedCatalog.source)
        let showText = try ToolRunner.run("client", ["show", door["id"] as! String, "--root", root])
        #expect(showText.stdout.contains("CC-BY-NC-4.0") && showText.stdout.contains("Nora Night"))
    }

    /// Every file under `folder` with its bytes.
    static func snapshot(_ folder: String) -> [String: Data] {
        let base = URL(fileURLWithPath: folder)
        let files =
            FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return Dictionary(
            uniqueKeysWithValues: files.compactMap { url in
                (try? Data(contentsOf: url)).map { (url.path, $0) }
            })
    }

    @Test func licensesAllowRefusesAPublishNamingTheItemAndItsLicenseAndWritesNothing() throws {
        let source = try LicensedCatalog.make(in: tmp)
        let dist = tmp.path("dist")
        let first = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        try #require(first.status == 0, "\(first.stderr)")
        let before = Self.snapshot(dist)
        try DemoCatalog.edit(
            "\(source)/catalog.yaml", replacing: "packs: ",
            with: "licenses: {allow: [CC0-1.0, CC-BY-4.0, LicenseRef-Studio]}\npacks: ")
        // A changed item, so the publish would write a new seed and page if it were allowed.
        try DemoCatalog.edit("\(source)/packs/forest-ambience/pack.yaml", replacing: "version: 1", with: "version: 2")
        let refused = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains("item 'Creaking Door'") && refused.stderr.contains("is under CC-BY-NC-4.0"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("packs/dungeon-delve/pack.yaml:"), "the message names the file and line")
        #expect(Self.snapshot(dist) == before, "a refused publish changes nothing in dist/")

        try DemoCatalog.edit(
            "\(source)/catalog.yaml", replacing: "allow: [CC0-1.0,", with: "allow: [CC-BY-NC-4.0, CC0-1.0,")
        let allowed = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test func packerValidateWarnsAboutAMissingLicenseAndStrictRefuses() throws {
        let pack = try DemoCatalog.copyPack("forest-ambience", into: tmp)
        try DemoCatalog.edit(pack, replacing: "license: CC0-1.0", with: "")
        let lenient = try ToolRunner.run("packer", ["validate", pack])
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("warning: the pack has no license"), "\(lenient.stderr)")
        let strict = try ToolRunner.run("packer", ["validate", pack, "--strict"])
        #expect(strict.status != 0)
        #expect(strict.stderr.contains("error: the pack has no license"), "\(strict.stderr)")
    }
}
