import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// Scenarios 4 and 7: updates bring new tag values into facets and filters, keep installs,
/// and hide what the catalog no longer lists.
@Suite struct UpdateTests {
    /// Simulates an installed pack the way the installer will: pack_state, local_asset,
    /// item_local_audio and the file under AudioAssets/.
    func install(_ h: Harness, pack: Int, items: [Int]) async throws {
        let root = h.root
        try await h.library.database.writer.write { db in
            try db.execute(
                sql:
                    "UPDATE pack_state SET state = 'downloaded', installed_version = 1, bytes_total = 4, bytes_downloaded = 4 WHERE pack_id = ?",
                arguments: [tid(pack)])
            for item in items {
                let asset = tid(9000 + item)
                let path = "AudioAssets/\(tid(pack))/\(asset).wav"
                try db.execute(
                    sql:
                        "INSERT INTO local_asset(id, pack_id, remote_url, local_path, sha256, bytes_total, created_at) VALUES (?, ?, 'assets/x.wav', ?, 'h', 4, 'now')",
                    arguments: [asset, tid(pack), path])
                try db.execute(
                    sql: "INSERT INTO item_local_audio(item_id, asset_id, codec, loopable) VALUES (?, ?, 'pcm', 1)",
                    arguments: [tid(item), asset])
                let file = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("RIFF".utf8).write(to: file)
            }
        }
    }

    @Test func newTagValuesFlowIntoFacetsAndFilters() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        var v2 = FilterFacetTests.seed()
        v2.catalogVersion = 2
        v2.packs[0].items[4].tags = TagSet(locations: ["Sewers"], creatureTypes: ["Ooze"])
        v2.vocabularies.append("Sewers", to: .location)  // Ooze stays out of the vocabulary on purpose
        let result = try await h.publishAndSync(v2)
        #expect(result.catalogVersion == 2 && result.updated == 1 && result.inserted == 0 && result.hidden == 0)
        let lib = try h.reopen()
        let facets = try await lib.facets.fetchFacetCounts(kind: .sfx, filters: Filters())
        #expect(facets.facets[.location]?.last?.name == "Sewers")
        #expect(facets.facets[.creatureType]?.map(\.name) == ["Undead", "Beast", "Ooze"])
        let ooze = try await lib.resolver.resolve([.creatureType: ["ooze"]])
        #expect(try await lib.items.fetchItems(kind: .sfx, filters: ooze, sort: .title).map(\.id) == [tid(5)])
        #expect(try await lib.facets.fetchFacetCounts(kind: .sfx, filters: ooze).total == 1)
    }

    @Test func updatesKeepInstallsAndHideRemovedItems() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        try await install(h, pack: 100, items: [1, 2])
        var v2 = FilterFacetTests.seed()
        v2.catalogVersion = 2
        v2.packs[0].version = 2
        v2.packs[0].title = "Mixed Bag"
        v2.packs[0].items[0].title = "One (remastered)"
        v2.packs[0].items.remove(at: 3)  // item 4 leaves the catalog
        v2.packs.remove(at: 1)  // and the atmosphere pack with item 6
        let result = try await h.publishAndSync(v2)
        #expect(result.hidden == 3)  // items 4 and 6, pack 200
        #expect(result.updated == 2)  // pack 100 and item 1
        let lib = try h.reopen()
        let (state, paths, visible) = try await lib.database.writer.read { db in
            (
                try Row.fetchOne(
                    db, sql: "SELECT state, installed_version FROM pack_state WHERE pack_id = ?", arguments: [tid(100)]
                )
                .map { "\($0["state"] as String)/\(($0["installed_version"] as Int?) ?? 0)" },
                try String.fetchAll(db, sql: "SELECT local_path FROM local_asset ORDER BY id"),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM library_item WHERE is_visible = 1")
            )
        }
        #expect(state == "downloaded/1")
        #expect(paths.count == 2 && paths.allSatisfy { $0.hasPrefix("AudioAssets/") })
        #expect(visible == 4)
        let rows = try await lib.items.fetchItems(kind: .sfx, filters: Filters(), sort: .title)
        #expect(rows.map(\.title) == ["Five", "One (remastered)", "Three", "Two"])
        #expect(rows.filter { $0.availability == .available }.map(\.id).sorted() == [tid(1), tid(2)])
        #expect(try await lib.facets.fetchFacetCounts(kind: .sfx, filters: Filters()).total == 4)
        #expect(try await lib.items.fetchItems(matching: "bag", kind: nil, filters: Filters()).count == 4)
        #expect(try await lib.packs.fetchPacks(kind: nil).map(\.id) == [tid(100)])
        #expect(try await lib.items.fetchItemDetail(itemID: tid(4)).isVisible == false)  // row kept
        #expect(FileManager.default.fileExists(atPath: h.root.appendingPathComponent(paths[0]).path))

        // Re-added in v3: visible again, counted as updated.
        var v3 = FilterFacetTests.seed()
        v3.catalogVersion = 3
        v3.packs[0].version = 2
        let back = try await h.publishAndSync(v3)
        #expect(back.hidden == 0 && back.inserted == 0)
        #expect(try await h.reopen().facets.fetchFacetCounts(kind: .sfx, filters: Filters()).total == 5)
    }

    @Test func aMissingFileMakesAnItemUnavailable() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        try await install(h, pack: 100, items: [1])
        try FileManager.default.removeItem(
            at: h.root.appendingPathComponent("AudioAssets/\(tid(100))/\(tid(9001)).wav"))
        let detail = try await h.library.items.fetchItemDetail(itemID: tid(1))
        #expect(detail.availability == .fileMissing)
    }
}
