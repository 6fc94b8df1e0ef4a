import Foundation
import TestSupport
import Testing

/// Takes end to end with the built tools: `packer add --takes` → `catalog publish` (which
/// builds) → `client sync` → `client install` → `client show` / `list`.
@Suite("takes: pack.yaml to client show", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct TakesRoundTripTests {
    static let thunder = "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4"

    @Test("three takes added with packer add --takes are built, published, installed and shown in order")
    func roundTrip() throws {
        let world = try TakesWorld()
        try world.record("catalog/packs/foley/audio/thunder.wav", seconds: 0.5, frequency: 80)
        for (i, seconds) in [0.2, 0.4, 0.3].enumerated() {
            try world.record("rec/clash-\(i + 1).wav", seconds: seconds, frequency: 600 + 300 * i)
        }
        try world.writePack(
            version: 1,
            items: """
                  - id: \(Self.thunder)   # rolls in now and then
                    title: Thunder
                    file: audio/thunder.wav
                    playback: {interval: [8, 20]}
                """)
        let add = try world.tool(
            "packer",
            ["add", world.packFile, "--takes"] + (1...3).map { world.tmp.path("rec/clash-\($0).wav") }
                + ["--title", "Sword Clash", "--json"])
        let added = try #require((try world.json(add)["added"] as? [[String: Any]])?.first)
        let sword = try #require(added["id"] as? String)
        let text = try #require(world.tmp.read("catalog/packs/foley/pack.yaml"))
        #expect(text.contains("# rolls in now and then"), "the author's text is kept")
        #expect(text.contains(#"files: ["audio/clash-1.wav", "audio/clash-2.wav", "audio/clash-3.wav"]"#), "\(text)")
        #expect(text.contains(#"title: "Sword Clash""#))
        #expect(FileManager.default.fileExists(atPath: world.tmp.path("catalog/packs/foley/audio/clash-3.wav")))
        // A later take of an item is "already listed" too: adding it again adds nothing.
        let takeAgain = try world.tool(
            "packer", ["add", world.packFile, world.tmp.path("catalog/packs/foley/audio/clash-2.wav"), "--json"])
        #expect((try world.json(takeAgain)["added"] as? [Any])?.isEmpty == true, "\(takeAgain.stderr)")
        #expect(world.tmp.read("catalog/packs/foley/pack.yaml") == text)

        try world.publishAndSync()
        let verify = try world.tool("catalog", ["verify", world.dist])
        #expect(verify.status == 0, "catalog verify accepts takes: \(verify.stdout) \(verify.stderr)")
        let manifest = try world.manifest(version: 1)
        let assets = try #require(manifest["assets"] as? [[String: Any]])
        let takes = assets.filter { $0["itemId"] as? String == sword }
        #expect(takes.map { $0["take"] as? Int } == [0, 1, 2])
        #expect(takes.map { $0["duration"] as? Double } == [0.2, 0.4, 0.3])
        #expect(Set(takes.compactMap { $0["assetId"] as? String }).count == 3)
        let thunderAsset = try #require(assets.first { $0["itemId"] as? String == Self.thunder })
        #expect(thunderAsset["take"] == nil, "an item with one file has no take key")

        // A second build of the same pack.yaml gives the same asset ids and manifest bytes.
        let again = try world.tool("packer", ["build", world.packFile, "--out", world.tmp.path("again")])
        #expect(again.status == 0, "\(again.stderr)")
        let first = FileManager.default.contents(atPath: "\(world.dist)/packs/\(TakesWorld.packId)/1/manifest.json")
        #expect(
            first
                == FileManager.default.contents(
                    atPath: world.tmp.path("again/packs/\(TakesWorld.packId)/1/manifest.json")))

        let seedItems = try #require(try PublishedEntries.packs(in: world.dist).first?["items"] as? [[String: Any]])
        let seedSword = try #require(seedItems.first { $0["id"] as? String == sword })
        #expect(seedSword["takes"] as? Int == 3 && seedSword["duration"] as? Double == 0.4)
        #expect(seedSword["playback"] == nil, "no playback key unless authored")
        let seedThunder = try #require(seedItems.first { $0["id"] as? String == Self.thunder })
        #expect(seedThunder["takes"] as? Int == 1)
        #expect(seedThunder["playback"] as? NSDictionary == ["interval": [8, 20]])

        let before = try world.show(sword)
        #expect(before["available"] as? Bool == false)
        #expect((before["takes"] as? [[String: Any]])?.map { $0["assetId"] is NSNull } == [true, true, true])

        let install = try world.json(world.client(["install", "foley", "--json"]))
        #expect(install["files"] as? Int == 4)
        let shown = try world.show(sword)
        #expect(shown["available"] as? Bool == true)
        #expect(shown["duration"] as? Double == 0.4)
        let shownTakes = try #require(shown["takes"] as? [[String: Any]])
        #expect(
            shownTakes.map { Set($0.keys) }
                == Array(repeating: ["take", "assetId", "duration", "loudness", "gain"], count: 3))
        #expect(shownTakes.map { $0["take"] as? Int } == [0, 1, 2])
        #expect(shownTakes.map { $0["assetId"] as? String } == takes.map { $0["assetId"] as? String })
        #expect(shownTakes.map { $0["duration"] as? Double } == [0.2, 0.4, 0.3])
        // Each take carries its own figures from the manifest, and its gain toward the sfx target
        // (−16 LUFS on the loudest moment, capped so the true peak stays at −1 dBTP).
        for (shownTake, asset) in zip(shownTakes, takes) {
            let figures = try #require(asset["loudness"] as? [String: Any], "the manifest measures every take")
            #expect((shownTake["loudness"] as? NSDictionary) == figures as NSDictionary)
            let momentaryMax = try #require(figures["momentaryMax"] as? Double)
            let truePeak = try #require(figures["truePeak"] as? Double)
            let gain = (min(-16 - momentaryMax, -1 - truePeak) * 10).rounded() / 10
            #expect(shownTake["gain"] as? Double == gain, "take \(shownTake["take"] ?? "?")")
        }
        #expect(Set(takes.compactMap { ($0["loudness"] as? [String: Any])?["momentaryMax"] as? Double }).count > 1)
        #expect(
            shown["playback"] as? NSDictionary
                == ["order": "shuffle", "avoidRepeat": 1, "interval": NSNull(), "gain": [0, 0], "pitch": [0, 0]])
        let thunder = try world.show(Self.thunder)
        #expect((thunder["takes"] as? [Any])?.count == 1)
        #expect(
            thunder["playback"] as? NSDictionary
                == ["order": "shuffle", "avoidRepeat": 0, "interval": [8, 20], "gain": [0, 0], "pitch": [0, 0]])

        let files = world.installedFiles()
        #expect(files.count == 4)
        for take in takes {
            let name = try #require((take["url"] as? String)?.split(separator: "/").last.map(String.init))
            #expect(files[name] != nil, "\(name) installed")
        }

        let list = try world.json(world.client(["list", "--kind", "sfx", "--json"]))
        let rows = try #require(list["items"] as? [[String: Any]])
        #expect(rows.first { $0["id"] as? String == sword }?["takes"] as? Int == 3)
        #expect(rows.first { $0["id"] as? String == Self.thunder }?["takes"] as? Int == 1)
        // List rows carry the first take's waveform, so a list can draw it.
        let peaks = try #require(rows.first { $0["id"] as? String == sword }?["peaks"] as? String)
        #expect(Data(base64Encoded: peaks)?.count == 256)
        #expect(peaks == (takes.first?["peaks"] as? String))

        // A take's file gone: the item is not available until the pack is repaired.
        let lastTake = try #require((takes[2]["url"] as? String)?.split(separator: "/").last.map(String.init))
        try FileManager.default.removeItem(atPath: "\(world.root)/AudioAssets/\(TakesWorld.packId)/\(lastTake)")
        let broken = try world.show(sword)
        #expect(broken["available"] as? Bool == false && broken["availability"] as? String == "fileMissing")
        _ = try world.json(world.client(["repair", "foley", "--json"]))
        #expect(try world.show(sword)["available"] as? Bool == true)
        #expect(world.installedFiles()[lastTake] != nil)

        let words = try world.client(["show", sword])
        #expect(words.status == 0)
        #expect(words.stdout.contains("3 takes, shuffle"), "\(words.stdout)")
        #expect(words.stdout.contains("take 2"))

        _ = try world.json(world.client(["uninstall", "foley", "--json"]))
        #expect(world.installedFiles().isEmpty)
        let removed = try world.show(sword)
        #expect(removed["available"] as? Bool == false)
        #expect((removed["takes"] as? [[String: Any]])?.map { $0["assetId"] is NSNull } == [true, true, true])
    }
}
