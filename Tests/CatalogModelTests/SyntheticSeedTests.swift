import CatalogFormat
import CatalogModel
import Foundation
import SyntheticData
import TestSupport
import Testing

/// The benchmarks' synthetic catalog looks like a real one: random ids, every field a built pack
/// writes, and a file written pack by pack that is the whole seed's encoding byte for byte.
@Suite struct SyntheticSeedTests {
    @Test func idsAreRandomVersion4UUIDsInNoOrder() throws {
        let ids = (1...2000).map(SyntheticSeed.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { CanonicalID.parse($0) == $0 && Array($0)[14] == "4" })
        let ascending = zip(ids, ids.dropFirst()).filter { $0 < $1 }.count
        #expect((800...1200).contains(ascending), "about half the neighbours ascend: \(ascending)")
        #expect(SyntheticSeed.id(7) == SyntheticSeed.id(7))
    }

    @Test func fullItemsCarryWhatPackerBuildWrites() throws {
        let seed = SyntheticSeed(items: 5000).seed()
        let items = seed.packs.flatMap(\.items)
        #expect(seed.packs.allSatisfy { $0.items.count <= 100 } && seed.packs.count == (items.count + 99) / 100)
        #expect(seed.music.count == 100)
        #expect(items.allSatisfy { $0.loudness != nil && $0.license != nil && $0.credits?.isEmpty == false })
        #expect(items.allSatisfy { Data(base64Encoded: $0.peaks ?? "")?.count == 256 })
        let withTakes = items.filter { $0.takes == 3 && $0.playback != nil }.count
        #expect((550...950).contains(withTakes), "about 15 % have three takes: \(withTakes)")
        let bytes = try CatalogJSON.encode(seed).count
        #expect(bytes / items.count > 1200, "about 1.3 KB or more of seed per item: \(bytes / items.count)")
    }

    @Test(arguments: [0, 1, 250, 1234])
    func theFileWrittenPackByPackIsTheWholeSeedsEncoding(items: Int) throws {
        let tmp = try TemporaryDirectory()
        let synthetic = SyntheticSeed(items: max(1, items), detail: items == 250 ? .lean : .full)
        var header = synthetic.header()
        if items == 0 { header.music = [] }
        let url = URL(fileURLWithPath: tmp.path("seed.json"))
        let written = try SeedFileWriter.write(header: header, to: url) { emit in
            if items > 0 { try synthetic.forEachPack(emit) }
        }
        var whole = items == 0 ? header : synthetic.seed()
        if items == 0 { whole.packs = [] }
        let expected = try CatalogJSON.encode(whole)
        #expect(try Data(contentsOf: url) == expected)
        #expect(written.sha256 == SHA256Digest.hex(of: expected) && written.bytes == Int64(expected.count))
    }
}
