import Foundation
import TestSupport
import Testing

/// `packer add` fills each new item from what its file says, iXML over bext over the UCS name over
/// format tags over the plain file name; `--dry-run` tells it and writes nothing; the CatID reaches
/// the client, whose search finds the item by the UCS list's synonyms.
@Suite(.serialized, .startsProcesses) struct UCSImportCLITests {
    static let order = [
        UCSLibrary.bwf, UCSLibrary.ixml, UCSLibrary.flac, UCSLibrary.plain, UCSLibrary.typo,
    ]

    @Test func aDryRunSaysWhatWouldBeAddedAndFromWhereAndWritesNothing() throws {
        let library = try UCSLibrary()
        let before = try Data(contentsOf: URL(fileURLWithPath: library.pack))
        let run = try ToolRunner.run("packer", ["add", library.pack, "--dry-run"] + Self.order.map(library.input))
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(
            out.contains("would add audio/\(UCSLibrary.bwf)\n  title: Oak Slam Heavy  (from UCS file name)\n"), "\(out)"
        )
        #expect(out.contains("  subtitle: Heavy oak door, slammed shut  (from bext)"), "\(out)")
        #expect(out.contains("  ucs: DOORWood  (from UCS file name)\n  tags: themes Doors, Wood  (from UCS file name)"))
        #expect(out.contains("  credits: Jane Doe  (from bext)"), "\(out)")
        #expect(out.contains("  title: Creaky Hinge Loop  (from iXML)"), "\(out)")
        #expect(out.contains("  ucs: DOORCreak  (from iXML)") && out.contains("  loopable: true  (from iXML)"))
        #expect(
            out.contains("  title: Rain on a Tin Roof  (from Vorbis comments)") && out.contains("Jo Doe  (from Vorbis"))
        #expect(out.contains("  title: My Field Recording 01  (from file name)"), "\(out)")
        #expect(out.contains("dry run: 5 item(s) would be added; \(library.pack) is unchanged"), "\(out)")
        #expect(run.stderr.contains("'DOORWod' is not a UCS 8.2.1 CatID; did you mean 'DOORWood'?"), "\(run.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: library.pack)) == before, "pack.yaml is byte for byte the same")
        let copied = try? FileManager.default.contentsOfDirectory(atPath: library.tmp.path("catalog/packs/doors/audio"))
        #expect((copied ?? []).isEmpty, "nothing is copied into audio/")
        let json = try ToolRunner.run(
            "packer", ["add", library.pack, "--dry-run", "--json", library.input(UCSLibrary.bwf)])
        let items = try #require(
            (try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])?["wouldAdd"] as? [[String: Any]]
        )
        #expect(items.first?["ucs"] as? String == "DOORWood")
        #expect((items.first?["sources"] as? [String: String])?["subtitle"] == "bext")
    }

    @Test func addedItemsCarryWhatTheFilesSayToTheClientAndItsSearch() throws {
        let library = try UCSLibrary()
        let add = try ToolRunner.run("packer", ["add", library.pack] + Self.order.map(library.input))
        #expect(add.status == 0, "\(add.stderr)")
        let text = try String(contentsOfFile: library.pack, encoding: .utf8)
        #expect(text.contains("    title: \"Oak Slam Heavy\"\n    subtitle: \"Heavy oak door, slammed shut\"\n"))
        #expect(
            text.contains(
                "    ucs: \"DOORWood\"\n    tags: {themes: [\"Doors\", \"Wood\"]}\n    credits: [\"Jane Doe\"]\n"))
        #expect(text.contains("    title: \"Creaky Hinge Loop\"\n    subtitle: \"Slow creak of an old hinge\"\n"))
        #expect(
            text.contains("    loopable: true\n    ucs: \"DOORCreak\"\n    tags: {themes: [\"Doors\", \"Creak\"]}\n"))
        #expect(text.contains("    title: \"My Field Recording 01\"\n    file: \"audio/my_field_recording_01.wav\"\n"))
        let validate = try ToolRunner.run("packer", ["validate", tmp(library, "catalog/catalog.yaml")])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")

        // Schema 1: one seed file, checked against seed.schema.json (schema 2 carries the same items in shards).
        let publish = try ToolRunner.run(
            "catalog", ["publish", library.dist, "--source", library.catalog, "--schema-version", "1"])
        try #require(publish.status == 0, "\(publish.stderr)")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: "\(library.dist)/seeds")
            .filter { $0.hasSuffix(".json") }.map { "\(library.dist)/seeds/\($0)" }
        for (schema, files) in [
            ("pack", [library.pack]), ("catalog-source", ["\(library.catalog)/catalog.yaml"]), ("seed", seeds),
        ] {
            let check = try SchemaCheck.run(schema, files)
            #expect(check.status == 0, "\(schema): \(check.output)")
        }
        let seedText = try String(contentsOfFile: try #require(seeds.first), encoding: .utf8)
        #expect(seedText.contains("\"ucs\" : \"DOORWood\"") && seedText.contains("\"ucs\" : \"DOORCreak\""))
        let sync = try library.client(["sync", "--catalog", library.dist, "--json"])
        try #require(sync.status == 0, "\(sync.stderr)")
        let search = try library.client(["search", "barn", "--json"])
        try #require(search.status == 0, "\(search.stderr)")
        let found = try #require(
            (try JSONSerialization.jsonObject(with: search.stdoutData) as? [String: Any])?["items"] as? [[String: Any]])
        #expect(found.compactMap { $0["title"] as? String } == ["Oak Slam Heavy"], "\(search.stdout)")
        let id = try #require(found.first?["id"] as? String)
        let show = try library.client(["show", id, "--json"])
        let detail = try #require(try JSONSerialization.jsonObject(with: show.stdoutData) as? [String: Any])
        #expect(detail["ucs"] as? String == "DOORWood")
        #expect(detail["subtitle"] as? String == "Heavy oak door, slammed shut")
        let shown = try library.client(["show", id])
        #expect(shown.stdout.contains("UCS") && shown.stdout.contains("DOORWood"), "\(shown.stdout)")
        let creak = try library.client(["search", "creak", "--json"])
        let creakItems = (try JSONSerialization.jsonObject(with: creak.stdoutData) as? [String: Any])?["items"]
        #expect((creakItems as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Creaky Hinge Loop"])
    }

    @Test func aDamagedIXMLIsAWarningAndTheRestStillFillsTheItem() throws {
        let library = try UCSLibrary()
        let broken = library.input("DOORWood_Broken Note_JD_FS.wav")
        try UCSLibrary.appendChunk(
            "iXML", Data("<BWFXML><NOTE>never closed".utf8), to: library.input(UCSLibrary.plain), as: broken)
        let add = try ToolRunner.run("packer", ["add", library.pack, broken])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stderr.contains("\(broken): the iXML chunk at byte"), "\(add.stderr)")
        #expect(add.stderr.contains("is not an iXML document; ignored"))
        let text = try String(contentsOfFile: library.pack, encoding: .utf8)
        #expect(text.contains("title: \"Broken Note\"") && text.contains("ucs: \"DOORWood\""), "\(text)")
    }

    private func tmp(_ library: UCSLibrary, _ relative: String) -> String { library.tmp.path(relative) }
}
