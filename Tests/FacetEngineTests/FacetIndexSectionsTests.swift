import CatalogModel
import Foundation
import Testing

@testable import FacetEngine

/// An index loaded by sections (the head now, each slot and the forward index when first used)
/// answers exactly as one loaded whole, takes writes, and reports a damaged section instead of
/// answering from it.
@Suite struct FacetIndexSectionsTests {
    typealias Persisted = FacetIndexPersistenceTests

    @Test(arguments: [0, 1, 300, 2_000])
    func sectionsAnswerAsTheWholeFile(size: Int) throws {
        for layout in FacetIndex.Layout.all {
            let (index, rows, catalog) = Persisted.sample(seed: UInt64(size) + 40, size: size, layout: layout)
            let data = index.serialized(stamp: "s")
            let whole = try FacetIndex(serialized: data, expectedStamp: "s")
            let lazy = try FacetIndex(sectionsOf: data, expectedStamp: "s")
            #expect(
                Persisted.answers(lazy, catalog: catalog, seed: 5)
                    == Persisted.answers(whole, catalog: catalog, seed: 5))
            #expect(lazy.serialized(stamp: "s") == data)
            #expect(!lazy.isDamaged)

            // Writes on a lazily loaded index reach the answers as on the whole one.
            var table = Dictionary(uniqueKeysWithValues: rows.map { ($0.item, $0) })
            var (a, b) = (lazy, whole)
            var rng = FacetTestRNG(seed: 9)
            var copy = table
            FacetIndexIncrementalTests.applyRandomWrites(40, to: &a, rows: &table, catalog: catalog, rng: &rng)
            rng = FacetTestRNG(seed: 9)
            FacetIndexIncrementalTests.applyRandomWrites(40, to: &b, rows: &copy, catalog: catalog, rng: &rng)
            #expect(a.serialized(stamp: "t") == b.serialized(stamp: "t"))
        }
    }

    /// A flipped byte inside one slot's section: the head still loads, but the first query that
    /// reads that slot marks the index damaged, and decoding it whole throws.
    @Test func aDamagedSlotIsReportedWhenFirstRead() throws {
        let (index, _, catalog) = Persisted.sample(seed: 77, size: 2_000)
        var data = index.serialized(stamp: "s")
        data[data.count - 20] ^= 0x5A  // inside the last slot's section
        let lazy = try FacetIndex(sectionsOf: data, expectedStamp: "s")
        #expect(!lazy.isDamaged)
        _ = Persisted.answers(lazy, catalog: catalog, seed: 1)
        #expect(lazy.isDamaged)
        #expect(throws: FacetIndexError.self) { try lazy.materialized() }
        #expect(throws: FacetIndexError.self) { try FacetIndex(serialized: data, expectedStamp: "s") }
    }

    /// The head's item bytes are checked eight at a time: every byte value, at every position of
    /// a block of eight and in the tail, is refused exactly when no writer writes it, and the
    /// stored items are counted.
    @Test func everyMalformedItemByteIsRefused() throws {
        var index = FacetIndex.build(FacetIndexExampleTests.rows)
        for size in [16, 21] {
            for position in 0..<size {
                for raw in 0...255 {
                    let byte = UInt8(raw)
                    var meta = [UInt8](repeating: ItemMeta(kind: .sfx, visible: true).raw, count: size)
                    meta[3 % size] = 0  // an absent item
                    meta[position] = byte
                    index.meta = meta
                    let expected = meta.filter { ItemMeta(raw: $0).isPresent }.count
                    if ItemMeta(raw: byte).isWellFormed {
                        try index.validateMeta()
                        #expect(index.presentCount == expected)
                    } else {
                        #expect(throws: FacetIndexError.corrupt("items"), "byte \(raw) at \(position)") {
                            try index.validateMeta()
                        }
                    }
                }
            }
        }
    }

    /// A slot's lists counted where the file stores them answer as the decoded lists: masks of a
    /// few items (searched for in long sparse lists), of hundreds (each list item looked up), and
    /// dense lists read where the mask has items.
    @Test(arguments: FacetIndex.Layout.all)
    func countsReadInPlaceAnswerAsTheDecodedLists(layout: FacetIndex.Layout) throws {
        let (index, _, _) = Persisted.sample(seed: 91, size: 40_000, layout: layout)
        let lazy = try FacetIndex(sectionsOf: index.serialized(stamp: "s"), expectedStamp: "s")
        var rng = FacetTestRNG(seed: 4)
        for slot in 0..<FacetSlots.count {
            let kindItems = index.kindMasks[FacetSlots.pairs[slot].kind].elements()
            for size in [0, 1, 3, 40, 400, 4_000] {
                var mask = Bitset(wordCount: index.wordCount)
                for _ in 0..<size where !kindItems.isEmpty { mask.insert(kindItems[rng.below(kindItems.count)]) }
                let decoded = index.lists(slot: slot).map { $0.intersectionCount(mask) }
                #expect(
                    lazy.listTallies(slot: slot, mask: mask, maskCount: mask.count) == decoded,
                    "slot \(slot), \(size) items")
            }
        }
        #expect(!lazy.isDamaged)
    }

    /// Counts and matches read in place from a lazily loaded file damaged behind recomputed
    /// checksums never trap: they answer, or the structural checks of what they decode mark the
    /// index damaged.
    @Test(arguments: 0..<3)
    func damageBehindAValidChecksumNeverTrapsWhenReadInPlace(seed: Int) throws {
        let (index, _, catalog) = Persisted.sample(
            seed: 60 + UInt64(seed), size: 300, layout: FacetIndex.Layout.all[seed % 3])
        let data = index.serialized(stamp: "s")
        let payloadStart = Persisted.sectionsStart(data)
        var rng = FacetTestRNG(seed: UInt64(seed))
        var noticed = 0
        for round in 0..<300 {
            var damaged = data
            let position = payloadStart + rng.below(data.count - payloadStart)
            damaged[position] = round % 2 == 0 ? UInt8(rng.below(256)) : damaged[position] ^ 0x80
            Persisted.resealChecksums(&damaged)
            guard let lazy = try? FacetIndex(sectionsOf: damaged, expectedStamp: "s") else { continue }
            _ = Persisted.answers(lazy, catalog: catalog, seed: UInt64(round))
            if lazy.isDamaged { noticed += 1 }
        }
        #expect(noticed > 0)
    }

    /// A lazily loaded index decodes its forward index only once walks through it would have saved
    /// what decoding it costs.
    @Test func theForwardIndexIsDecodedOnceWalksWouldHavePaidForIt() throws {
        let (index, _, _) = Persisted.sample(seed: 12, size: 2_000)
        let lazy = try FacetIndex(sectionsOf: index.serialized(stamp: "s"), expectedStamp: "s")
        let sections = try #require(lazy.sections)
        let cost = sections.forwardDecodingCost
        #expect(cost > 0)
        #expect(!sections.forwardWorthDecoding(saving: cost - 1))
        #expect(sections.forwardWorthDecoding(saving: 1))
    }
}
