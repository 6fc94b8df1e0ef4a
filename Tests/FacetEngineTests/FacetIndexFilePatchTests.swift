import CatalogModel
import Foundation
import Testing

@testable import FacetEngine

/// An index file patched section by section is byte for byte the file of the index loaded whole,
/// upserted and written again; a damaged or stale file is refused and left as it was.
@Suite struct FacetIndexFilePatchTests {
    /// Random upserts: re-tags, kind changes, hidden and shown items, new items past the end
    /// (also past a 64-item word), new values.
    static func randomUpdates(
        _ count: Int, bound: Int, catalog: FacetTestCatalog, rng: inout FacetTestRNG
    ) -> [FacetIndex.ItemUpdate] {
        var numbers = Set<UInt32>()
        while numbers.count < min(count, bound + 70) {
            numbers.insert(UInt32(rng.chance(15) ? bound + rng.below(70) : rng.below(max(1, bound))))
        }
        return numbers.sorted().map { number in
            let row = catalog.randomRow(item: number, rng: &rng)
            return FacetIndex.ItemUpdate(number: number, kind: row.kind, visible: row.visible, tags: row.tags)
        }
    }

    static func temporaryFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("facet-patch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("facet-index.bin")
    }

    @Test(arguments: [0, 1, 63, 300, 3_000])
    func patchedFileEqualsTheWholeIndexWrittenAgain(size: Int) throws {
        for layout in FacetIndex.Layout.all {
            for round in 0..<4 {
                let (index, _, catalog) = FacetIndexPersistenceTests.sample(
                    seed: UInt64(size * 7 + round), size: size, layout: layout)
                var rng = FacetTestRNG(seed: UInt64(round + 11))
                let updates = Self.randomUpdates(
                    [1, 3, 20, 200][round], bound: index.itemNumberBound, catalog: catalog, rng: &rng)
                let url = try Self.temporaryFile()
                defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
                try index.write(to: url, stamp: "seed:1")

                var expected = index
                for update in updates {
                    expected.upsert(item: update.number, kind: update.kind, visible: update.visible, tags: update.tags)
                }
                let head = try FacetIndex.patchFile(updates, at: url, expectedStamp: "seed:1", newStamp: "seed:2")

                let patched = try Data(contentsOf: url)
                #expect(patched == expected.serialized(stamp: "seed:2"), "size \(size), \(layout), round \(round)")
                #expect(head.itemNumberBound == expected.itemNumberBound)
                let loaded = try FacetIndex(serialized: patched, expectedStamp: "seed:2")
                #expect(
                    FacetIndexPersistenceTests.answers(loaded, catalog: catalog, seed: 5)
                        == FacetIndexPersistenceTests.answers(expected, catalog: catalog, seed: 5))
                let leftovers = try FileManager.default.contentsOfDirectory(
                    atPath: url.deletingLastPathComponent().path)
                #expect(leftovers == ["facet-index.bin"])
            }
        }
    }

    @Test func aDamagedOrStaleFileIsRefusedAndLeftAsItWas() throws {
        let (index, _, catalog) = FacetIndexPersistenceTests.sample(seed: 4, size: 2_000)
        var rng = FacetTestRNG(seed: 9)
        let updates = Self.randomUpdates(5, bound: index.itemNumberBound, catalog: catalog, rng: &rng)
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let good = index.serialized(stamp: "seed:1")

        #expect(throws: FacetIndexError.stampMismatch(found: "seed:1")) {
            try good.write(to: url)
            try FacetIndex.patchFile(updates, at: url, expectedStamp: "seed:0", newStamp: "seed:2")
        }
        #expect(try Data(contentsOf: url) == good)

        // A flipped byte anywhere past the header: in the head, the forward index, or a slot that
        // the patch copies unchanged.
        for offset in stride(from: 200, to: good.count, by: good.count / 13) {
            var damaged = good
            damaged[offset] ^= 0x20
            try damaged.write(to: url)
            #expect(throws: FacetIndexError.self, "byte \(offset)") {
                try FacetIndex.patchFile(updates, at: url, expectedStamp: "seed:1", newStamp: "seed:2")
            }
            #expect(try Data(contentsOf: url) == damaged)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers == ["facet-index.bin"])
    }

    @Test func writtenThroughTheFileEqualsTheBytesInMemory() throws {
        for size in [0, 5, 20_000] {
            let (index, _, _) = FacetIndexPersistenceTests.sample(seed: 2, size: size, layout: .standard)
            let url = try Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            try index.write(to: url, stamp: "a stamp")
            #expect(try Data(contentsOf: url) == index.serialized(stamp: "a stamp"))
        }
    }

    @Test func runningChecksumEqualsTheWholeOne() {
        var rng = FacetTestRNG(seed: 1)
        for length in [0, 1, 31, 32, 33, 100, 4_096, 10_007] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.below(256)) }
            let whole = bytes.withUnsafeBytes { FacetChecksum.of($0) }
            for _ in 0..<5 {
                var running = FacetChecksum.Running()
                var start = 0
                while start < length {
                    let end = min(length, start + 1 + rng.below(70))
                    bytes[start..<end].withUnsafeBytes { running.update($0) }
                    start = end
                }
                #expect(running.value == whole, "\(length) bytes")
            }
        }
    }
}
