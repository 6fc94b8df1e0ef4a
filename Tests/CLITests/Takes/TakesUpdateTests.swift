import Foundation
import TestSupport
import Testing

/// An item going from one file to three takes and back across catalog versions: what the
/// client installs, keeps and removes at each step.
@Suite("takes: one file to three takes and back", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct TakesUpdateTests {
    static let item = "5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d"

    @Test("installed files are kept when a take's bytes stay, replaced when they change, removed with their take")
    func oneToThreeAndBack() throws {
        let world = try TakesWorld()
        try world.record("catalog/packs/foley/audio/a.wav", seconds: 0.2, frequency: 500)
        try world.record("catalog/packs/foley/audio/b.wav", seconds: 0.3, frequency: 700)
        try world.record("catalog/packs/foley/audio/c.wav", seconds: 0.6, frequency: 900)
        func item(_ files: String) -> String {
            """
              - id: \(Self.item)
                title: Clash
                \(files)
            """
        }
        func assets(_ version: Int) throws -> [[String: Any]] {
            try #require(try world.manifest(version: version)["assets"] as? [[String: Any]])
        }
        func fileName(_ asset: [String: Any]) -> String {
            (asset["url"] as? String ?? "").split(separator: "/").last.map(String.init) ?? ""
        }
        let audio = { (name: String) in
            FileManager.default.contents(atPath: world.tmp.path("catalog/packs/foley/audio/\(name)"))
        }

        // v1: one file.
        try world.writePack(version: 1, items: item("file: audio/a.wav"))
        try world.publishAndSync()
        _ = try world.json(world.client(["install", "foley", "--json"]))
        let v1 = try assets(1)
        #expect(v1.count == 1)
        let take0 = fileName(v1[0])
        #expect(world.installedFiles() == [take0: try #require(audio("a.wav"))])
        #expect((try world.show(Self.item)["takes"] as? [Any])?.count == 1)

        // v2: three takes, take 0 unchanged. Until v2 is installed the item is not available.
        try world.writePack(version: 2, items: item("files: [audio/a.wav, audio/b.wav, audio/c.wav]"))
        try world.publishAndSync()
        let v2 = try assets(2)
        #expect(v2.map { $0["take"] as? Int } == [0, 1, 2])
        #expect(fileName(v2[0]) == take0, "take 0 keeps the asset id of the item's one file")
        let waiting = try world.show(Self.item)
        #expect(waiting["available"] as? Bool == false)
        #expect((waiting["takes"] as? [[String: Any]])?.map { $0["assetId"] is NSNull } == [false, true, true])
        #expect(waiting["duration"] as? Double == 0.6, "the longest take's")
        _ = try world.json(world.client(["install", "foley", "--json"]))
        let installed = world.installedFiles()
        #expect(installed.count == 3)
        #expect(installed[take0] == audio("a.wav"))
        #expect(installed[fileName(v2[1])] == audio("b.wav"))
        #expect(installed[fileName(v2[2])] == audio("c.wav"))
        let three = try world.show(Self.item)
        #expect(three["available"] as? Bool == true)
        #expect((three["takes"] as? [[String: Any]])?.compactMap { $0["assetId"] as? String }.count == 3)

        // v3: back to one file, now c.wav: take 0's file is replaced, takes 1 and 2 are removed.
        try world.writePack(version: 3, items: item("file: audio/c.wav"))
        try world.publishAndSync()
        let v3 = try assets(3)
        #expect(v3.count == 1 && v3[0]["take"] == nil && fileName(v3[0]) == take0)
        _ = try world.json(world.client(["install", "foley", "--json"]))
        #expect(world.installedFiles() == [take0: try #require(audio("c.wav"))])
        let one = try world.show(Self.item)
        #expect(one["available"] as? Bool == true)
        let takes = try #require(one["takes"] as? [[String: Any]])
        #expect(takes.count == 1 && takes[0]["duration"] as? Double == 0.6)
        #expect((one["playback"] as? [String: Any])?["avoidRepeat"] as? Int == 0)
    }
}
