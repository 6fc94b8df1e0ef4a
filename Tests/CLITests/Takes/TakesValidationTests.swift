import Foundation
import TestSupport
import Testing

/// Every rule on `files:` and `playback:`: `packer build` names pack.yaml, the line, the item
/// (title and id) and what to do, exits non-zero and writes nothing.
@Suite("takes: validation", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct TakesValidationTests {
    static let id = "7c1e2d3f-4a5b-4c6d-8e7f-8091a2b3c4d5"

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// Item lines after `title:` (the item's `- id:` is line 7, its title line 8).
        var lines: String
        var line: Int
        var message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "both file and files", lines: "file: audio/a.wav\n    files: [audio/b.wav, audio/c.wav]", line: 10,
            message: "has both 'file' and 'files'"),
        Case(name: "one file in files", lines: "files: [audio/a.wav]", line: 9, message: "'files' lists 1 file"),
        Case(name: "no file at all", lines: "subtitle: none", line: 7, message: "missing required key 'file'"),
        Case(
            name: "gain unordered", lines: "files: [audio/a.wav, audio/b.wav]\n    playback: {gain: [3, -3]}", line: 10,
            message: "'gain' is [3, -3]; write the smaller value first"),
        Case(
            name: "interval unordered", lines: "file: audio/a.wav\n    playback:\n      interval: [20, 8]", line: 11,
            message: "'interval' is [20, 8]; write the smaller value first"),
        Case(
            name: "interval below zero", lines: "file: audio/a.wav\n    playback: {interval: [-1, 5]}", line: 10,
            message: "interval must not be negative"),
        Case(
            name: "gain outside [-24, 12]", lines: "file: audio/a.wav\n    playback: {gain: [-30, 0]}", line: 10,
            message: "gain must stay within [-24, 12] dB"),
        Case(
            name: "pitch outside [-1200, 1200]", lines: "file: audio/a.wav\n    playback: {pitch: [0, 1300]}", line: 10,
            message: "pitch must stay within [-1200, 1200] cents"),
        Case(
            name: "avoidRepeat above takes - 1",
            lines: "files: [audio/a.wav, audio/b.wav, audio/c.wav]\n    playback: {avoidRepeat: 3}", line: 10,
            message: "avoidRepeat is 3 but the item has 3 takes"),
        Case(
            name: "unknown order", lines: "files: [audio/a.wav, audio/b.wav]\n    playback: {order: loop}", line: 10,
            message: "unknown playback order 'loop'; use shuffle, sequence, random"),
        Case(
            name: "a take that is not audio", lines: "files:\n      - audio/a.wav\n      - audio/notes.wav", line: 11,
            message: "audio/notes.wav"),
        Case(
            name: "a take that is missing", lines: "files:\n      - audio/a.wav\n      - audio/gone.wav", line: 11,
            message: "take 1: 'audio/gone.wav' does not exist"),
    ]

    @Test("packer build refuses, names file, line and item, writes nothing", arguments: cases)
    func refused(_ rule: Case) throws {
        let world = try TakesWorld()
        for name in ["a", "b", "c"] {
            try world.record("catalog/packs/foley/audio/\(name).wav", seconds: 0.1, frequency: 440)
        }
        _ = try world.tmp.write("catalog/packs/foley/audio/notes.wav", "my notes, not audio\n")
        try world.writePack(
            version: 1,
            items: """
                  - id: \(Self.id)
                    title: Clash
                    \(rule.lines)
                """)
        let build = try world.tool("packer", ["build", world.packFile, "--out", world.dist])
        #expect(build.status != 0)
        #expect(build.stderr.contains("pack.yaml:\(rule.line):"), "\(build.stderr)")
        #expect(build.stderr.contains(rule.message), "\(build.stderr)")
        #expect(build.stderr.contains(Self.id), "the item is named: \(build.stderr)")
        #expect(build.stderr.contains("'Clash'"), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: world.dist), "nothing written")
    }

    @Test("packer add --takes refuses one file or a file that is not audio, and changes nothing")
    func addRefuses() throws {
        let world = try TakesWorld()
        try world.writePack(version: 1, items: "  []")
        let before = try #require(world.tmp.read("catalog/packs/foley/pack.yaml"))
        try world.record("rec/a.wav", seconds: 0.1, frequency: 440)
        _ = try world.tmp.write("rec/notes.wav", "not audio\n")
        let one = try world.tool("packer", ["add", world.packFile, "--takes", world.tmp.path("rec/a.wav")])
        #expect(one.status != 0)
        #expect(one.stderr.contains("two or more"), "\(one.stderr)")
        let bad = try world.tool(
            "packer", ["add", world.packFile, "--takes", world.tmp.path("rec/a.wav"), world.tmp.path("rec/notes.wav")])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("notes.wav"), "\(bad.stderr)")
        #expect(world.tmp.read("catalog/packs/foley/pack.yaml") == before)
        #expect(!FileManager.default.fileExists(atPath: world.tmp.path("catalog/packs/foley/audio")))
    }
}
