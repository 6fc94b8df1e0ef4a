import CatalogModel
import Foundation
import Testing

@testable import FacetEngine

/// Round trips, stamps, versions and damaged files.
@Suite struct FacetIndexPersistenceTests {
    static func sample(seed: UInt64, size: Int, layout: FacetIndex.Layout = .standard)
        -> (FacetIndex, [FacetTestRow], FacetTestCatalog)
    {
        var rng = FacetTestRNG(seed: seed)
        let catalog = FacetTestCatalog(rng: &rng)
        let rows = catalog.randomRows(size: size, rng: &rng)
        return (FacetIndex.build(rows, layout: layout), rows, catalog)
    }

    /// Queries every kind with random filters; returns the answers so two indexes can be compared.
    static func answers(_ index: FacetIndex, catalog: FacetTestCatalog, seed: UInt64) -> [String] {
        var rng = FacetTestRNG(seed: seed)
        var answers: [String] = []
        for _ in 0..<20 {
            let filters = catalog.randomFilters(rng: &rng)
            for kind in Kind.allCases {
                let counts = index.counts(kind: kind, filters: filters)
                let sorted = counts.counts.sorted { $0.key.rawValue < $1.key.rawValue }
                    .map { "\($0.key):\($0.value.sorted { $0.key < $1.key })" }
                answers.append("\(counts.total) \(sorted) \(index.matching(kind: kind, filters: filters))")
            }
        }
        return answers
    }

    @Test(arguments: [0, 1, 5, 300, 2_000])
    func roundTripKeepsEveryAnswer(size: Int) throws {
        for layout in FacetIndex.Layout.all {
            var (index, rows, catalog) = Self.sample(seed: UInt64(size), size: size, layout: layout)
            var rng = FacetTestRNG(seed: 3)
            var table = Dictionary(uniqueKeysWithValues: rows.map { ($0.item, $0) })
            FacetIndexIncrementalTests.applyRandomWrites(50, to: &index, rows: &table, catalog: catalog, rng: &rng)
            let data = index.serialized(stamp: "seed-abc/w42")
            let loaded = try FacetIndex(serialized: data, expectedStamp: "seed-abc/w42")
            #expect(loaded.itemCount == index.itemCount)
            #expect(loaded.itemNumberBound == index.itemNumberBound)
            #expect(Self.answers(loaded, catalog: catalog, seed: 11) == Self.answers(index, catalog: catalog, seed: 11))
            #expect(loaded.serialized(stamp: "seed-abc/w42") == data)
            let final = table.values.sorted { $0.item < $1.item }
            for kind in Kind.allCases {
                #expect(facetMismatches(loaded, final, kind: kind, filters: catalog.randomFilters(rng: &rng)).isEmpty)
            }
        }
    }

    @Test func loadedIndexAcceptsWrites() throws {
        let (index, rows, catalog) = Self.sample(seed: 5, size: 400)
        var loaded = try FacetIndex(serialized: index.serialized(stamp: "s"), expectedStamp: "s")
        var table = Dictionary(uniqueKeysWithValues: rows.map { ($0.item, $0) })
        var rng = FacetTestRNG(seed: 8)
        FacetIndexIncrementalTests.applyRandomWrites(200, to: &loaded, rows: &table, catalog: catalog, rng: &rng)
        let rebuilt = FacetIndex.build(table.values.sorted { $0.item < $1.item })
        #expect(FacetIndexIncrementalTests.differences(loaded, rebuilt, catalog: catalog, rng: &rng).isEmpty)
    }

    @Test func wrongStampVersionOrMagicThrows() throws {
        let data = Self.sample(seed: 1, size: 50).0.serialized(stamp: "seed-1/w1")
        #expect(throws: FacetIndexError.stampMismatch(found: "seed-1/w1")) {
            try FacetIndex(serialized: data, expectedStamp: "seed-1/w2")
        }
        var otherVersion = data
        otherVersion[8] &+= 1
        #expect(throws: FacetIndexError.unsupportedVersion(FacetIndex.formatVersion + 1)) {
            try FacetIndex(serialized: otherVersion, expectedStamp: "seed-1/w1")
        }
        #expect(throws: FacetIndexError.notAFacetIndex) { try FacetIndex(serialized: Data(), expectedStamp: "") }
        #expect(throws: FacetIndexError.notAFacetIndex) {
            try FacetIndex(serialized: Data("SQLite format 3".utf8), expectedStamp: "")
        }
    }

    @Test func fileRoundTrip() throws {
        let (index, _, catalog) = Self.sample(seed: 2, size: 100)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("facets-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        try index.write(to: url, stamp: "x")
        let loaded = try FacetIndex(contentsOf: url, expectedStamp: "x")
        #expect(Self.answers(loaded, catalog: catalog, seed: 4) == Self.answers(index, catalog: catalog, seed: 4))
    }

    /// Every cut and a few hundred random flips throw (the checksum catches them) — and nothing traps.
    @Test func damagedBytesThrow() {
        let data = Self.sample(seed: 9, size: 120).0.serialized(stamp: "stamp")
        var rng = FacetTestRNG(seed: 77)
        for length in 0..<data.count {
            #expect(throws: FacetIndexError.self) {
                try FacetIndex(serialized: data.prefix(length), expectedStamp: "stamp")
            }
        }
        for _ in 0..<300 {
            var damaged = data
            for _ in 0...rng.below(3) { damaged[rng.below(damaged.count)] ^= UInt8(1 + rng.below(255)) }
            #expect(throws: FacetIndexError.self) { try FacetIndex(serialized: damaged, expectedStamp: "stamp") }
        }
    }

    /// Damage behind a recomputed checksum reaches the structural checks: they throw, or the
    /// index they let through answers queries and takes writes without trapping.
    @Test(arguments: 0..<4)
    func damageBehindAValidChecksumNeverTraps(seed: Int) {
        let (index, _, catalog) = Self.sample(
            seed: 20 + UInt64(seed), size: 150, layout: FacetIndex.Layout.all[seed % 3])
        let data = index.serialized(stamp: "s")
        let payloadStart = Self.sectionsStart(data)
        var rng = FacetTestRNG(seed: UInt64(seed))
        var thrown = 0
        for round in 0..<400 {
            var damaged = data
            let position = payloadStart + rng.below(data.count - payloadStart)
            damaged[position] = round % 2 == 0 ? UInt8(rng.below(256)) : damaged[position] ^ 0x80
            Self.resealChecksums(&damaged)
            do {
                var loaded = try FacetIndex(serialized: damaged, expectedStamp: "s")
                _ = Self.answers(loaded, catalog: catalog, seed: UInt64(round))
                loaded.upsert(item: UInt32(rng.below(200)), kind: .sfx, visible: true, tags: [.mood: [101]])
                loaded.setVisible(item: UInt32(rng.below(200)), rng.chance(50))
                _ = loaded.serialized(stamp: "s")
            } catch {
                thrown += 1
            }
        }
        #expect(thrown > 100)
    }

    /// Each structural rule of the loader rejects a file that breaks it.
    @Test func structuralChecksRejectInconsistentItems() throws {
        let index = Self.sample(seed: 31, size: 200).0
        let (offsets, codes) = index.forward.compactArrays()
        func rejects(meta: [UInt8]? = nil, offsets newOffsets: [UInt32]? = nil, codes newCodes: [UInt32]? = nil) -> Bool
        {
            var copy = index
            if let meta { copy.meta = meta }
            return (try? copy.validateItems(offsets: newOffsets ?? offsets, codes: newCodes ?? codes)) == nil
        }
        #expect(!rejects())
        let rich = try #require(index.meta.indices.first { offsets[$0 + 1] - offsets[$0] >= 2 })
        let first = Int(offsets[rich])
        var swapped = codes
        swapped.swapAt(first, first + 1)
        #expect(rejects(codes: swapped))  // not ascending
        var duplicated = codes
        duplicated[first + 1] = duplicated[first]
        #expect(rejects(codes: duplicated))  // repeated code
        var unknownValue = codes
        let dimension = FacetCode.dimension(codes[first])
        unknownValue[first] = FacetCode.make(dimension: dimension, value: UInt32(index.values[dimension].count))
        #expect(rejects(codes: unknownValue))  // value out of range
        var unknownDimension = codes
        unknownDimension[first] = 7 << FacetCode.valueBits
        #expect(rejects(codes: unknownDimension))  // dimension 7
        var backwards = offsets
        backwards[rich + 1] = backwards[rich] &- 1
        #expect(rejects(offsets: backwards))  // offsets decrease
        var meta = index.meta
        meta[rich] = ItemMeta.absent.raw
        #expect(rejects(meta: meta))  // absent item owns codes
        meta[rich] = 0xFF
        #expect(rejects(meta: meta))  // malformed meta byte
    }

    /// Where the first section starts (after the magic, version and stamp).
    static func sectionsStart(_ data: Data) -> Int {
        let stampCount = Int(data[12]) | Int(data[13]) << 8
        return 16 + (stampCount + 7) / 8 * 8
    }

    /// Recomputes every section's checksum, as far as the section lengths still make sense.
    static func resealChecksums(_ data: inout Data) {
        var position = sectionsStart(data)
        func word(_ at: Int) -> UInt64 { data[at..<at + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) } }
        while position + 16 <= data.count {
            let count = word(position)
            guard count <= UInt64(data.count - position - 16) else { return }
            let start = position + 16
            let checksum = data.withUnsafeBytes {
                FacetChecksum.of(UnsafeRawBufferPointer(rebasing: $0[start..<start + Int(count)]))
            }
            for byte in 0..<8 { data[position + 8 + byte] = UInt8(truncatingIfNeeded: checksum >> (8 * UInt64(byte))) }
            position = start + Int(count)
        }
    }
}
