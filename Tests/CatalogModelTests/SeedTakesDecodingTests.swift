import CatalogModel
import Foundation
import Testing

/// The seed's `takes` and `playback` read the same through the fast decoder and JSONDecoder;
/// a seed without them (older catalogs) reads as one take and no rule; a rule the fast path
/// cannot be sure of falls back to JSONDecoder, which names the key.
struct SeedTakesDecodingTests {
    static func seed(item: String) -> Data {
        Data(
            """
            {"schemaVersion": 1, "catalogVersion": 2, "vocabularies": {}, "music": [],
             "packs": [{"id": "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10", "slug": "foley", "kind": "sfx", "title": "Foley",
                        "description": null, "artworkURL": null, "version": 1, "manifestURL": "packs/x/1/manifest.json",
                        "items": [\(item)]}]}
            """.utf8)
    }

    static let base =
        #""id": "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4", "title": "Clash", "subtitle": null, "duration": 0.4, "sortOrder": 0, "tags": {}"#

    @Test func takesAndPlaybackDecodeAlikeOnBothPaths() throws {
        let item =
            "{\(Self.base), \"takes\": 3, \"playback\": {\"order\": \"sequence\", \"avoidRepeat\": 1, \"interval\": [8, 20.5], \"gain\": [-3, 0], \"pitch\": null}}"
        let data = Self.seed(item: item)
        let fast = try #require(SeedFastDecoder.decode(data))
        let slow = try JSONDecoder().decode(Seed.self, from: data)
        #expect(fast == slow)
        let decoded = fast.packs[0].items[0]
        #expect(decoded.takeCount == 3)
        #expect(decoded.playback == Playback(order: .sequence, avoidRepeat: 1, interval: [8, 20.5], gain: [-3, 0]))
        // Written back, the rule keeps only the keys that are set.
        let text = String(decoding: try CatalogJSON.encode(fast), as: UTF8.self)
        #expect(text.contains(#""takes":3"#) || text.contains(#""takes" : 3"#), "\(text)")
        #expect(!text.contains("pitch"))
    }

    @Test func anOlderSeedIsOneTakeWithoutARule() throws {
        let data = Self.seed(item: "{\(Self.base)}")
        let fast = try #require(SeedFastDecoder.decode(data))
        #expect(fast == (try JSONDecoder().decode(Seed.self, from: data)))
        #expect(fast.packs[0].items[0].takeCount == 1 && fast.packs[0].items[0].playback == nil)
        #expect(
            Playback().resolved(takes: 1)
                == ResolvedPlayback(order: .shuffle, avoidRepeat: 0, interval: nil, gain: 0...0, pitch: 0...0))
    }

    @Test func anUnknownOrderFallsBackAndTheSlowPathNamesIt() {
        let data = Self.seed(item: "{\(Self.base), \"takes\": 2, \"playback\": {\"order\": \"loop\"}}")
        #expect(SeedFastDecoder.decode(data) == nil)
        #expect(throws: (any Error).self) { try CatalogJSON.decode(Seed.self, from: data, file: "seed.json") }
    }

    @Test func seedRulesRefuseRulesOutsideTheirLimits() {
        var item = Seed.Item(id: "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4", title: "Clash", sortOrder: 0, takes: 2)
        item.playback = Playback(avoidRepeat: 2, gain: [0, 20], pitch: [100, -100])
        let seed = Seed(
            catalogVersion: 1, vocabularies: Vocabularies(), music: [],
            packs: [
                Seed.Pack(
                    id: "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10", slug: "foley", kind: .sfx, title: "Foley", version: 1,
                    manifestURL: "packs/x/1/manifest.json", items: [item])
            ])
        let paths = SeedRules.check(seed, file: "seed.json").compactMap(\.path)
        #expect(
            paths == [
                "$.packs[0].items[0].playback.avoidRepeat", "$.packs[0].items[0].playback.gain",
                "$.packs[0].items[0].playback.pitch",
            ])
    }
}
