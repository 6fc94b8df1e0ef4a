import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// A search matches the UCS list's synonyms of an item's CatID ("barn" finds the `DOORWood`
/// items whose titles never say it), after the items whose titles hold the words; the CatID is
/// stored and shown, by the streamed import, the whole-seed import and an update alike.
@Suite struct UCSSearchTests {
    static func item(_ n: Int, _ title: String, ucs: String? = nil, subtitle: String? = nil) -> Seed.Item {
        var item = SeedFactory.item(n, title, order: n, subtitle: subtitle)
        item.ucs = ucs
        return item
    }

    static func seed(version: Int = 1, hingeUCS: String = "DOORCreak") -> Seed {
        SeedFactory.seed(
            version: version,
            packs: [
                SeedFactory.pack(
                    100, "doors", kind: .sfx, title: "Old House",
                    items: [
                        item(1, "Oak Slam Heavy", ucs: "DOORWood"),
                        item(2, "Hinge", ucs: hingeUCS),
                        item(3, "Barn Owl Call"),
                        item(4, "Rain on Tin", subtitle: "A barn roof"),
                        item(5, "Latch", ucs: "DOORWood"),
                    ])
            ])
    }

    static func titles(_ query: String, _ lib: Library) async throws -> [String] {
        try await lib.items.fetchItems(matching: query).map(\.title)
    }

    @Test func aSynonymFindsTheItemsOfItsCatIDAfterTheTitleMatches() async throws {
        let h = try Harness()
        try await h.publishAndSync(Self.seed())
        let lib = try h.library
        // The title match first, then the rest by title: a subtitle match and the DOORWood items.
        #expect(try await Self.titles("barn", lib) == ["Barn Owl Call", "Latch", "Oak Slam Heavy", "Rain on Tin"])
        #expect(try await Self.titles("creak", lib) == ["Hinge"])
        #expect(try await Self.titles("barn oak", lib) == ["Oak Slam Heavy"])
        #expect(try await Self.titles("doors", lib) == ["Hinge", "Latch", "Oak Slam Heavy"])
        #expect(try await Self.titles("zeppelin", lib).isEmpty)
        let detail = try await lib.items.fetchItemDetail(itemID: SeedFactory.id(1))
        #expect(detail.ucs == "DOORWood")
        #expect(try await lib.items.fetchItemDetail(itemID: SeedFactory.id(3)).ucs == nil)
    }

    @Test func anUpdateThatChangesACatIDChangesWhatItsSynonymsFind() async throws {
        let h = try Harness()
        try await h.publishAndSync(Self.seed())
        #expect(try await Self.titles("creak", try h.library) == ["Hinge"])
        try await h.publishAndSync(Self.seed(version: 2, hingeUCS: "DOORWood"))
        let lib = try h.library
        #expect(try await Self.titles("creak", lib).isEmpty)
        #expect(
            try await Self.titles("barn", lib) == ["Barn Owl Call", "Hinge", "Latch", "Oak Slam Heavy", "Rain on Tin"])
        #expect(try await lib.items.fetchItemDetail(itemID: SeedFactory.id(2)).ucs == "DOORWood")
    }

    @Test func theWholeSeedImportStoresTheCatIDAsTheStreamDoes() async throws {
        let seed = Self.seed()
        let h = try Harness()
        let published = try h.fixture.publish(seed: seed)
        let importer = SeedImporter(
            database: try h.library.database, seed: seed, seedSHA256: published.seedSHA256, file: "seed.json")
        _ = try await importer.importIfNeeded()
        let stored = try await h.library.database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT ucs FROM library_item WHERE ucs IS NOT NULL ORDER BY item_number")
        }
        #expect(stored == ["DOORWood", "DOORCreak", "DOORWood"])
        let found = try await h.library.database.writer.read { db in
            try SearchPaging.page(
                kind: nil, pattern: #require(try SearchPattern(query: "barn", db)), filters: Filters(), page: .all,
                paths: LibraryPaths(root: h.root), db
            ).items.map(\.title)
        }
        #expect(found == ["Barn Owl Call", "Latch", "Oak Slam Heavy", "Rain on Tin"])
    }

    @Test func theSynonymTableHoldsTheWholeList() async throws {
        let h = try Harness()
        let (count, wood) = try await h.library.database.writer.read { db in
            (try UCSSynonymRecord.fetchCount(db), try UCSSynonymRecord.fetchOne(db, key: "DOORWood"))
        }
        #expect(count == 752)
        #expect(wood?.category == "DOORS" && wood?.subCategory == "WOOD")
        #expect(wood?.terms.split(separator: " ").contains("barn") == true)
    }
}
