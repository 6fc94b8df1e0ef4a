import CatalogModel
import Foundation
import PackBuilder
import TestSupport
import Testing

/// Bad inputs fail with a message naming the file, and leave no output folder behind.
struct PackBuildFailureTests {
    static let audio: [(file: String, cut: Int)] = [
        ("door-creak.wav", 30), ("portcullis.mp3", 3), ("dripping-water.flac", 20),
        ("skeleton-rattle.m4a", 40), ("sewer-grate.ogg", 20), ("dart-trap.opus", 20),
    ]

    func expectFailure(_ edit: (String, TemporaryDirectory) throws -> Void, message: String) throws {
        let tmp = try TemporaryDirectory()
        let pack = try DemoCatalog.copyPack("dungeon-delve", into: tmp)
        try edit(pack, tmp)
        #expect {
            try PackBuilder.build(packAt: pack, outputDirectory: tmp.path("dist"))
        } throws: { error in
            let text = "\(error)"
            return text.contains(message) && text.contains("pack.yaml")
        }
        let packs = (try? FileManager.default.contentsOfDirectory(atPath: tmp.path("dist/packs"))) ?? []
        for id in packs {
            #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path("dist/packs/\(id)")).isEmpty)
        }
    }

    @Test func missingFile() throws {
        try expectFailure(
            { pack, _ in
                try FileManager.default.removeItem(
                    atPath: pack.replacingOccurrences(of: "pack.yaml", with: "audio/trap-click.wav"))
            },
            message: "'audio/trap-click.wav' does not exist")
    }

    @Test(arguments: audio)
    func truncatedAudio(file: String, cut: Int) throws {
        try expectFailure(
            { pack, _ in
                let path = pack.replacingOccurrences(of: "pack.yaml", with: "audio/\(file)")
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                try data.prefix(cut).write(to: URL(fileURLWithPath: path))
            }, message: file)
    }

    @Test func textFileNamedWav() throws {
        try expectFailure(
            { pack, _ in
                try "just text, not audio\n".write(
                    toFile: pack.replacingOccurrences(of: "pack.yaml", with: "audio/door-creak.wav"),
                    atomically: true, encoding: .utf8)
            }, message: "not a supported audio file")
    }

    @Test func pathEscapingThePackFolder() throws {
        try expectFailure(
            { pack, tmp in
                try tmp.write("outside.wav", Data(count: 10))
                try DemoCatalog.edit(pack, replacing: "file: audio/door-creak.wav", with: "file: ../outside.wav")
            }, message: "leaves the pack folder")
    }

    @Test func declaredValueContradictingTheFile() throws {
        try expectFailure(
            { pack, _ in
                try DemoCatalog.edit(
                    pack, replacing: "file: audio/door-creak.wav",
                    with: "file: audio/door-creak.wav\n    sampleRate: 48000")
            }, message: "pack.yaml says sampleRate is 48000 but audio/door-creak.wav has 22050")
    }
}
