import CatalogModel
import Foundation
import GRDB
import SyntheticData
import TestSupport
import Testing

@testable import LibraryClient

/// A first sync reads the seed as a stream (items written as they are parsed). It must leave
/// exactly the database the whole-document import leaves, and a seed broken far into the file must
/// still change nothing.
@Suite struct StreamedImportTests {
    /// Every row of every table but the sync's own bookkeeping, timestamps blanked.
    static func rows(_ h: Harness) async throws -> String {
        let dump = try await h.dump()
        let kept = dump.components(separatedBy: "## ").filter { !$0.hasPrefix("catalog_state\n") }.joined(
            separator: "## ")
        let stamp = try Regex(#"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?Z?"#)
        return kept.replacing(stamp, with: "<time>")
    }

    static func seedWithFigures() -> Seed {
        var seed = SyntheticSeed(items: 2500).seed()
        seed.loudness = LoudnessTargets(atmosphere: -28, sfx: -20)
        for i in stride(from: 0, to: seed.packs[0].items.count, by: 7) {
            seed.packs[0].items[i].loudness = Loudness(integrated: -31.5, range: 4, truePeak: -3.2, momentaryMax: -25)
            seed.packs[0].items[i].peaks = Data(repeating: UInt8(i % 250), count: 256).base64EncodedString()
            seed.packs[0].items[i].license = "CC-BY-4.0"
            seed.packs[0].items[i].credits = [Credit(name: "Field Recorder \(i)", role: "recording")]
            seed.packs[0].items[i].takes = 3
            seed.packs[0].items[i].ucs = i % 2 == 0 ? "DOORWood" : "AIRBrst"
        }
        return seed
    }

    @Test func aStreamedFirstImportWritesWhatTheWholeSeedImportWrites() async throws {
        let seed = Self.seedWithFigures()
        let streamed = try Harness()
        let catalog = try streamed.fixture.publish(seed: seed)
        let fetcher = CatalogFetcher()
        let fetched = try await fetcher.fetchCatalog(
            at: try CatalogLocation.parsing(streamed.fixture.folder.path), trust: nil)
        let file = try await fetcher.fetchSeedFile(fetched.document.importFile, of: fetched)
        #expect(file.sha256 == catalog.seedSHA256)
        // nil would mean the reader gave up and the whole seed was decoded instead.
        let result = try #require(
            try await SeedStreamImport(database: try streamed.library.database, seed: file).run(
                prebuild: nil, alsoWrite: nil))
        #expect(result.inserted == 2500 + seed.packs.count)

        let whole = try Harness()
        let published = try whole.fixture.publish(seed: seed)
        let importer = SeedImporter(
            database: try whole.library.database, seed: seed, seedSHA256: published.seedSHA256, file: "seed.json")
        #expect(try await importer.importIfNeeded().inserted == result.inserted)

        let (a, b) = (try await Self.rows(streamed), try await Self.rows(whole))
        #expect(a.count > 100_000)
        #expect(a.contains("DOORWood") && a.contains("AIRBrst"))
        #expect(a == b)
        // And the facet index the stream built answers as one rebuilt from the rows.
        let counts = try await streamed.library.facets.fetchFacetCounts(kind: .sfx, filters: Filters())
        let fresh = try await streamed.reopen(mode: .sql).facets.fetchFacetCounts(kind: .sfx, filters: Filters())
        #expect(counts == fresh)
    }

    /// The last item repeats the first item's id: the whole import is refused at that entry and
    /// the library stays empty, although thousands of rows were written before it.
    @Test func aRepeatedIdAtTheEndLeavesTheLibraryEmpty() async throws {
        var seed = SyntheticSeed(items: 3000).seed()
        let last = seed.packs.count - 1
        let lastItem = seed.packs[last].items.count - 1
        seed.packs[last].items[lastItem].id = seed.packs[0].items[0].id
        let h = try Harness()
        let empty = try await h.dump()
        try h.fixture.publish(seed: seed)
        do {
            try await h.sync()
            Issue.record("the sync was expected to fail")
        } catch let error as LibraryClientError {
            guard case .invalidDocument(let d) = error else { throw error }
            #expect(d.path == "$.packs[\(last)].items[\(lastItem)].id")
            #expect(d.message.contains("appears twice"))
        }
        #expect(try await h.dump() == empty)
        #expect(try await h.library.isImported() == false)
    }

    /// When sync returns, its pages are already in the database file (the write-ahead log was
    /// copied while the index and the list orders were prepared), not left for the library's
    /// close to copy.
    @Test func theDatabaseFileHoldsTheImportWhenSyncReturns() async throws {
        let h = try Harness()
        try h.fixture.publish(seed: SyntheticSeed(items: 3000).seed())
        try await h.sync()
        let (pages, pageSize) = try await h.library.database.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0, try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
        }
        let file = h.root.appendingPathComponent("library.sqlite").path
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber).intValue
        #expect(pages > 500)
        #expect(size >= pages * pageSize, "\(size) bytes on disk for \(pages) pages of \(pageSize)")
    }
}
