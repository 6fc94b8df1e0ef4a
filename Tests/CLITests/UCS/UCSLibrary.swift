import Foundation
import TestSupport
import Testing

/// A sound designer's folder as other tools leave it: a UCS-named BWF from ffmpeg (bext), a WAV
/// with an iXML chunk of ASWG fields (built byte by byte), a FLAC with Vorbis comments, a plain
/// underscore name and a misspelt CatID; and a catalog whose catalog.yaml names the UCS dimension.
struct UCSLibrary {
    let tmp: TemporaryDirectory
    var catalog: String { tmp.path("catalog") }
    var pack: String { tmp.path("catalog/packs/doors/pack.yaml") }
    var dist: String { tmp.path("dist") }
    var root: String { tmp.path("root") }

    static let bwf = "DOORWood_Oak Slam Heavy_JD_FS.wav"
    static let ixml = "DOORWood_Hinge Take_JD_FS.wav"
    static let flac = "rain.flac"
    static let plain = "my_field_recording_01.wav"
    static let typo = "DOORWod_Typo Slam_JD_FS.wav"

    static let aswg = """
        <?xml version="1.0" encoding="UTF-8"?>
        <BWFXML><IXML_VERSION>2.10</IXML_VERSION><NOTE>Slow creak of an old hinge</NOTE>
        <ASWG><fxName>Creaky Hinge Loop</fxName><catId>DOORCreak</catId><category>DOORS</category>
        <subCategory>CREAK</subCategory><isLoop>1</isLoop><originator>Sam Rivers</originator></ASWG></BWFXML>
        """

    init() throws {
        tmp = try TemporaryDirectory(prefix: "ucs")
        _ = try tmp.write(
            "catalog/catalog.yaml",
            """
            title: Doors
            vocabularies: {sfxThemes: [Wood]}
            ucs: {dimension: themes}

            """)
        let initialized = try ToolRunner.run(
            "packer", ["init", tmp.path("catalog/packs/doors"), "--kind", "sfx", "--title", "Old House Doors"])
        try #require(initialized.status == 0, "\(initialized.stderr)")
        try Self.tone(
            tmp.path("in/\(Self.bwf)"),
            [
                "-write_bext", "1", "-metadata", "description=Heavy oak door, slammed shut", "-metadata",
                "originator=Jane Doe",
            ])
        try Self.tone(tmp.path("in/hinge.wav"), [])
        try Self.appendChunk(
            "iXML", Data(Self.aswg.utf8), to: tmp.path("in/hinge.wav"), as: tmp.path("in/\(Self.ixml)"))
        try Self.tone(
            tmp.path("in/\(Self.flac)"), ["-metadata", "title=Rain on a Tin Roof", "-metadata", "artist=Jo Doe"])
        try Self.tone(tmp.path("in/\(Self.plain)"), ["-bitexact"])
        try Self.tone(tmp.path("in/\(Self.typo)"), ["-bitexact"])
    }

    func input(_ name: String) -> String { tmp.path("in/\(name)") }

    static func tone(_ path: String, _ options: [String]) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AudioFixtures.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=330:duration=0.4"] + options + [path])
    }

    /// `source` with one more RIFF chunk at its end (and the RIFF size grown), written to `target`.
    static func appendChunk(_ id: String, _ body: Data, to source: String, as target: String) throws {
        var file = try Data(contentsOf: URL(fileURLWithPath: source))
        func le32(_ value: Int) -> Data {
            withUnsafeBytes(of: UInt32(value).littleEndian) { Data($0) }
        }
        file.append(Data(id.utf8) + le32(body.count) + body)
        if body.count % 2 == 1 { file.append(0) }
        file.replaceSubrange(4..<8, with: le32(file.count - 8))
        try file.write(to: URL(fileURLWithPath: target))
    }

    func client(_ arguments: [String]) throws -> ToolRunner.Result {
        try ToolRunner.run("client", arguments + ["--root", root])
    }
}
