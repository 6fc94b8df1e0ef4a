import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

@Suite struct FirstImportTests {
    static let seed = SeedFactory.seed(
        version: 1,
        music: [
            SeedFactory.music(
                1, "Into the Underdark",
                tags: TagSet(locations: ["Underdark"], moods: ["Ominous"], themes: ["Horror / Occult"])),
            SeedFactory.music(2, "Tavern Nights", tags: TagSet(locations: ["Urban"], moods: ["Cozy"])),
        ],
        packs: [
            SeedFactory.pack(
                10, "dungeon-delve", kind: .sfx,
                items: [
                    SeedFactory.item(
                        11, "Creaking Door", order: 0,
                        tags: TagSet(locations: ["Underdark"], themes: ["Doors & Mechanisms"])),
                    SeedFactory.item(
                        12, "Ghoul Moan", order: 1,
                        tags: TagSet(themes: ["Monsters & Beasts"], creatureTypes: ["Undead"])),
                ]),
            SeedFactory.pack(
                20, "rainy-forest", kind: .atmosphere,
                items: [
                    SeedFactory.item(21, "Rain on Leaves", tags: TagSet(locations: ["Forest"], moods: ["Cozy"]))
                ]),
        ])

    @Test func musicIsListedRightAfterTheFirstImport() async throws {
        let h = try Harness()
        let result = try await h.publishAndSync(Self.seed)
        #expect(result.catalogVersion == 1)
        #expect(result.inserted == 7)  // 5 items + 2 packs
        let music = try await h.library.items.fetchItems(kind: .music, filters: Filters(), sort: .title)
        #expect(music.map(\.title) == ["Into the Underdark", "Tavern Nights"])
        #expect(music.allSatisfy { $0.availability == .appleMusic })
        let entries = try await h.library.music.fetchMusicEntries()
        #expect(entries.map(\.appleMusicPlaylistID) == ["pl.u-1", "pl.u-2"])
        #expect(try await h.library.music.fetchPlaylistID(forItemID: tid(2).uppercased()) == "pl.u-2")
    }

    @Test func packsStartNotDownloadedAndItemsAreLocked() async throws {
        let h = try Harness()
        try await h.publishAndSync(Self.seed)
        let packs = try await h.library.packs.fetchPacks(kind: nil)
        #expect(packs.map(\.slug) == ["dungeon-delve", "rainy-forest"])
        #expect(packs.allSatisfy { $0.state == .notDownloaded && $0.itemCount > 0 })
        let detail = try await h.library.packs.fetchPackDetail("dungeon-delve")
        #expect(detail.items.map(\.title) == ["Creaking Door", "Ghoul Moan"])
        #expect(detail.items.allSatisfy { $0.availability == .notDownloaded })
        #expect(try await h.library.packs.isPackInstalled(PackReference(tid(10))) == false)
        let item = try await h.library.items.fetchItemDetail(itemID: tid(12))
        #expect(item.tags[.creatureType]?.map(\.name) == ["Undead"])
        #expect(item.pack?.slug == "dungeon-delve")
    }

    @Test func importingTwiceDuplicatesNothing() async throws {
        let h = try Harness()
        try await h.publishAndSync(Self.seed)
        let before = try await h.rowCounts()
        let again = try await h.sync()
        #expect(again.summary.didWrite == false)
        let forced = try await h.sync(force: true)
        #expect(forced.summary.didWrite && !forced.summary.hasChanges)
        let after = try await h.rowCounts()
        #expect(before == after)
        #expect(after["library_item"] == 5 && after["pack"] == 2 && after["pack_state"] == 2 && after["pack_item"] == 3)
        #expect(after["music_playlist_ref"] == 2 && after["item_location"] == 4 && after["location"] == 3)
        // importIfNeeded on an imported database is a no-op too.
        let importer = SeedImporter(
            database: try h.library.database, seed: Self.seed, seedSHA256: "x", file: "seed.json")
        #expect(try await importer.importIfNeeded().didWrite == false)
        #expect(try await h.rowCounts() == before)
    }

    @Test func schemaHasTheBriefsTablesAndIndexes() async throws {
        let h = try Harness()
        let (tables, indexes, fk, journal) = try await h.library.database.writer.read { db in
            (
                Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")),
                Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")),
                try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
                try String.fetchOne(db, sql: "PRAGMA journal_mode")
            )
        }
        let requiredTables =
            [
                "library_item", "music_playlist_ref", "music_track_cache", "playlist_track", "pack", "pack_state",
                "pack_item", "local_asset", "item_local_audio",
            ]
            + TagDimension.allCases.flatMap { [$0.table, $0.joinTable] }
        #expect(Set(requiredTables).isSubset(of: tables))
        #expect(Set(AppDatabase.requiredIndexes.map(\.name)).isSubset(of: indexes))
        #expect(fk == 1)
        #expect(journal == "wal")
        let columns = try await h.library.database.writer.read { db in
            try db.columns(in: "playlist_track").map(\.name)
        }
        #expect(columns == ["playlist_id", "track_id", "position"])
    }

    @Test func checkConstraintsRejectBadKindsAndStates() async throws {
        let h = try Harness()
        await #expect(throws: DatabaseError.self) {
            try await h.library.database.writer.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO library_item(id, kind, title, created_at, updated_at) VALUES ('x', 'video', 't', '', '')"
                )
            }
        }
        await #expect(throws: DatabaseError.self) {
            try await h.library.database.writer.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO pack(id, kind, title, version, manifest_url, created_at) VALUES ('p', 'music', 't', 1, 'm', '')"
                )
            }
        }
    }
}
