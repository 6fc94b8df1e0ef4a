import Foundation
import TestSupport
import Testing

/// `packer` run as the built binary, as a user would.
@Suite(.serialized, .startsProcesses)
struct PackerCLITests {
    @Test func validatesTheDemoCatalog() throws {
        let r = try ToolRunner.run(
            "packer", ["validate", DemoCatalog.directory.appendingPathComponent("catalog.yaml").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("ok: 0 errors"))
    }

    @Test func reportsProblemsLikeACompilerAndAsJSON() throws {
        let tmp = try TemporaryDirectory()
        let bad = try tmp.write(
            "p/pack.yaml",
            """
            id: not-a-uuid
            slug: p
            kind: music-box
            title: P
            version: 1
            items: []
            """)
        let text = try ToolRunner.run("packer", ["validate", bad])
        #expect(text.status == 1)
        #expect(text.stderr.contains("\(bad):1:5: error: 'id' must be a UUID"))
        #expect(text.stderr.contains("\(bad):3:7: error: unknown kind 'music-box'"))
        #expect(text.stderr.contains("validation failed: 2 errors"))
        let json = try ToolRunner.run("packer", ["validate", "--json", bad])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: [[String: Any]]]
        let errors = try #require(object?["errors"])
        #expect(errors.count == 2)
        #expect(Set(errors[0].keys) == ["file", "line", "column", "path", "message"])
        #expect(errors[1]["line"] as? Int == 3 && errors[1]["path"] as? String == "kind")
        #expect((object?["warnings"]?.first?["message"] as? String)?.contains("no items yet") == true)
    }

    @Test func initThenAddThenValidateThenBuild() throws {
        let tmp = try TemporaryDirectory()
        let dir = tmp.path("caves")
        let made = try ToolRunner.run("packer", ["init", dir, "--kind", "sfx", "--title", "Cave Sounds"])
        #expect(made.status == 0, "\(made.stderr)")
        let pack = "\(dir)/pack.yaml"
        let original = try #require(tmp.read("caves/pack.yaml"))
        #expect(original.contains("slug: cave-sounds") && original.contains("kind: sfx"))
        let audio = DemoCatalog.directory.appendingPathComponent("packs/dungeon-delve/audio")
        let add = try ToolRunner.run(
            "packer",
            [
                "add", pack, audio.appendingPathComponent("door-creak.wav").path,
                audio.appendingPathComponent("dripping-water.flac").path,
            ])
        #expect(add.status == 0, "\(add.stderr)")
        let after = try #require(tmp.read("caves/pack.yaml"))
        #expect(after.hasPrefix(original), "the author's text and comments are kept as written")
        #expect(original.contains("\nlicense: "), "packer init writes a license line for the author to fill in")
        #expect(after.contains("title: \"Door Creak\"") && after.contains("file: \"audio/dripping-water.flac\""))
        #expect(
            FileManager.default.fileExists(atPath: "\(dir)/audio/door-creak.wav"),
            "outside files are copied into audio/")
        #expect(try ToolRunner.run("packer", ["validate", pack]).status == 0)
        let build = try ToolRunner.run("packer", ["build", pack, "--out", tmp.path("dist"), "--json"])
        #expect(build.status == 0, "\(build.stderr)")
        let result = try JSONSerialization.jsonObject(with: build.stdoutData) as? [String: Any]
        #expect(Set(result?.keys ?? [:].keys) == ["packId", "version", "manifest", "archive", "assets", "totalBytes"])
        #expect(result?["assets"] as? Int == 2)
    }

    @Test func addRefusesATextFileAndChangesNothing() throws {
        let tmp = try TemporaryDirectory()
        _ = try ToolRunner.run("packer", ["init", tmp.path("p"), "--kind", "atmosphere", "--title", "P"])
        let before = tmp.read("p/pack.yaml")
        let text = try tmp.write("p/audio/notes.wav", "these are notes, not audio\n")
        let r = try ToolRunner.run("packer", ["add", tmp.path("p/pack.yaml"), text])
        #expect(r.status != 0)
        #expect(r.stderr.contains("not a supported audio file"))
        #expect(tmp.read("p/pack.yaml") == before)
    }

    @Test func initRefusesMusicAndAnExistingPack() throws {
        let tmp = try TemporaryDirectory()
        let music = try ToolRunner.run("packer", ["init", tmp.path("m"), "--kind", "music", "--title", "M"])
        #expect(music.status != 0 && music.stderr.contains("--kind must be atmosphere or sfx"))
        #expect(try ToolRunner.run("packer", ["init", tmp.path("a"), "--kind", "sfx", "--title", "A"]).status == 0)
        let again = try ToolRunner.run("packer", ["init", tmp.path("a"), "--kind", "sfx", "--title", "A"])
        #expect(again.status != 0 && again.stderr.contains("already exists"))
    }
}
