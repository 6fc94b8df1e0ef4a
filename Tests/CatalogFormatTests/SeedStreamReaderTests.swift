import CatalogFormat
import Foundation
import SyntheticData
import TestSupport
import Testing

/// `SeedStreamReader` against `SeedFastDecoder`: streamed piece by piece through windows of any
/// size, a seed arrives exactly as the whole-document decoder reads it, in any member order; what
/// the decoder refuses, the stream refuses too.
struct SeedStreamReaderTests {
    /// Collects what the reader hands over back into one `Seed`.
    struct Collector: SeedStreamHandler {
        var seed: Seed?
        mutating func begin(_ header: Seed) throws { seed = header }
        mutating func pack(_ pack: Seed.Pack, index: Int) throws {
            #expect(index == seed?.packs.count)
            seed?.packs.append(pack)
        }
        mutating func item(_ item: Seed.Item, pack: Int, index: Int) throws {
            #expect(pack == (seed?.packs.count ?? 0) - 1 && index == seed?.packs[pack].items.count)
            seed?.packs[pack].items.append(item)
        }
        mutating func end(loudness: LoudnessTargets?) throws { seed?.loudness = loudness }
    }

    static func stream(_ data: Data, ahead: Int) throws -> Seed? {
        let tmp = try TemporaryDirectory(prefix: "seedstream")
        let file = tmp.url.appendingPathComponent("seed.json")
        try data.write(to: file)
        var collector = Collector()
        try SeedStreamReader(path: file.path, ahead: ahead).read(into: &collector)
        return collector.seed
    }

    @Test(arguments: [64, 1000, 1 << 20])
    func randomSeedsStreamAsTheDecoderReadsThem(ahead: Int) throws {
        for n in 0..<12 {
            var seed = SeedFastDecoderTests.randomSeed(UInt64(n), items: 60)
            seed.loudness = n % 2 == 0 ? LoudnessTargets(atmosphere: -30, sfx: -20) : nil
            let data = try CatalogJSON.encode(seed)
            let decoded = try #require(SeedFastDecoder.decode(data))
            #expect(try Self.stream(data, ahead: ahead) == decoded)
        }
    }

    @Test func aLargeSeedStreamsThroughASmallWindow() throws {
        let seed = SyntheticSeed(items: 5000).seed()
        let data = try CatalogJSON.encode(seed)
        #expect(try Self.stream(data, ahead: 4096) == seed)
    }

    /// `catalog publish` sorts keys; a hand-written seed may not. Both stream.
    @Test func membersMayComeInAnyOrder() throws {
        let json = """
            {"vocabularies": {"locations": [{"name": "Forest", "sortOrder": 1}]},
             "packs": [{"kind": "sfx", "version": 2, "items": [
                 {"tags": {"locations": ["Forest"]}, "sortOrder": 0, "title": "Twig", "id": "00000000-0000-4000-8000-000000000002"}],
               "id": "00000000-0000-4000-8000-000000000001", "slug": "woods", "title": "Woods",
               "manifestURL": "packs/w/2/manifest.json"}],
             "music": [], "catalogVersion": 3, "schemaVersion": 1}
            """
        let data = Data(json.utf8)
        let streamed = try #require(try Self.stream(data, ahead: 64))
        #expect(streamed == SeedFastDecoder.decode(data))
        #expect(streamed.packs.first?.items.first?.title == "Twig")
        #expect(streamed.catalogVersion == 3)
    }

    /// Whatever the fast decoder is unsure of, the stream is unsure of too (the caller then
    /// decodes the whole document for a located message).
    @Test func whatTheDecoderRefusesTheStreamRefuses() throws {
        let seed = SyntheticSeed(items: 300).seed()
        let good = try CatalogJSON.encode(seed)
        let text = String(decoding: good, as: UTF8.self)
        let title = seed.packs[1].items[50].title
        let broken = [
            String(text.dropLast(40)),  // truncated
            text.replacingOccurrences(of: "\"sortOrder\" : 7,", with: "\"sortOrder\" : 7.5,"),  // not an integer
            text.replacingOccurrences(of: "\"title\" : \"\(title)\"", with: "\"title\" : Sound"),  // not JSON
            text.replacingOccurrences(
                of: "\"schemaVersion\" : 1", with: "\"schemaVersion\" : 1, \"schemaVersion\" : 1"),
        ]
        for variant in broken {
            let data = Data(variant.utf8)
            #expect(variant != text)
            #expect(SeedFastDecoder.decode(data) == nil)
            #expect(throws: SeedStreamError.unsure) { try Self.stream(data, ahead: 256) }
        }
    }
}
