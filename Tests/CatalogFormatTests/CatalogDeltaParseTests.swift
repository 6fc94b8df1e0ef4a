import CatalogFormat
import Foundation
import SyntheticData
import Testing

/// A delta file's lines read back as the delta that wrote them, however many there are, and a
/// file that is not a delta is refused with the line that shows it.
struct CatalogDeltaParseTests {
    static func bigDelta() -> CatalogDelta {
        let seed = SyntheticSeed(items: 20_000).seed()
        var delta = CatalogDelta(
            header: DeltaHeader(
                from: 3, to: 4, fromIndex: "index/a.json", toIndex: "index/b.json", vocabularies: seed.vocabularies,
                loudness: seed.loudness))
        delta.music = seed.music
        for pack in seed.packs {
            let manifest = FileReference(
                url: "packs/\(pack.slug)/manifest.json", sha256: String(repeating: "a", count: 64), bytes: 900)
            delta.packs.append(DeltaPack(ShardPack(pack: pack, manifest: manifest, archive: nil)))
            delta.items += pack.items.map { DeltaItem(packId: pack.id, item: $0) }
        }
        delta.removed = seed.packs[0].items.prefix(10).map(\.id)
        delta.removedPacks = [seed.packs[1].id]
        return delta
    }

    @Test func twentyThousandLinesReadBackAsWritten() throws {
        let delta = Self.bigDelta()
        let parsed = try CatalogDelta.parse(try delta.encoded(), file: "deltas/x.jsonl.gz")
        #expect(delta.items.count > 19_000 && parsed.items.count == delta.items.count)
        #expect(parsed == delta)
    }

    @Test func aFileThatIsNotADeltaIsRefusedAtTheLineThatShowsIt() throws {
        #expect(throws: Diagnostic.self) { try CatalogDelta.parse(Data(), file: "d") }
        var lines = try Self.bigDelta().encoded().split(separator: 0x0A).map { Data($0) }
        do {
            _ = try CatalogDelta.parse(lines[1] + Data([0x0A]), file: "d")
            Issue.record("a delta without its header line was read")
        } catch {
            #expect(error.file == "d line 1" && error.message.contains("\"delta\" line"))
        }
        lines[2] = Data(#"{"renamed":["x"]}"#.utf8)
        do {
            _ = try CatalogDelta.parse(Data(lines.joined(separator: [0x0A])), file: "d")
            Issue.record("an unknown line was read")
        } catch {
            #expect(error.file == "d line 3" && error.message.contains("unknown line \"renamed\""))
        }
    }
}
