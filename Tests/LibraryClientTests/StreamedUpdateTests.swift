import CatalogModel
import Foundation
import GRDB
import SyntheticData
import TestSupport
import Testing

@testable import LibraryClient

/// A sync into a library already imported streams the seed too: each entry is compared with its
/// stored row and written only where it changed. It must leave exactly the database the
/// whole-document update leaves, with the same counts, and a refused update changes nothing.
@Suite struct StreamedUpdateTests {
    typealias Streamed = StreamedImportTests

    /// Everything an update can change: titles, tags, pack moves, slugs swapped, pack titles,
    /// sound figures, credits and takes changed or removed, entries and a whole pack gone, new
    /// items and a new pack, music retitled and given another playlist.
    static func changed(_ v1: Seed) -> Seed {
        var seed = v1
        seed.catalogVersion = 2
        seed.loudness = LoudnessTargets(atmosphere: -27, sfx: -21)
        seed.packs[0].title = "Renamed pack"
        (seed.packs[0].slug, seed.packs[2].slug) = (seed.packs[2].slug, seed.packs[0].slug)
        let moved = Array(seed.packs[2].items.prefix(5))  // sfx pack 2 → sfx pack 0
        seed.packs[2].items.removeFirst(5)
        seed.packs[0].items += moved.enumerated().map { i, item in
            var item = item
            item.sortOrder = 1000 + i
            return item
        }
        let location = TagDimension.location
        for p in seed.packs.indices {
            for i in seed.packs[p].items.indices {
                if i % 10 == 3 { seed.packs[p].items[i].title += " (remastered)" }
                if i % 13 == 5 { seed.packs[p].items[i].tags[location.tagsKey] = ["Location 7", "Location 39"] }
                if i % 19 == 8 { seed.packs[p].items[i].tags = TagSet() }
                if i % 23 == 2 { seed.packs[p].items[i].sortOrder += 7 }
            }
        }
        for i in stride(from: 0, to: seed.packs[0].items.count, by: 7) {
            if i % 14 == 0 {
                seed.packs[0].items[i].loudness = nil
                seed.packs[0].items[i].peaks = nil
                seed.packs[0].items[i].credits = []
            } else {
                seed.packs[0].items[i].loudness?.integrated = -29
                seed.packs[0].items[i].license = "CC0-1.0"
                seed.packs[0].items[i].takes = 2
            }
        }
        seed.packs[1].items[4].loudness = Loudness(integrated: -40, range: 2, truePeak: -9, momentaryMax: -33)
        seed.packs[1].items[4].takes = 4
        seed.packs[1].items = seed.packs[1].items.enumerated().filter { $0.offset % 17 != 6 }.map(\.element)
        seed.packs.removeLast()  // its items and the pack itself are hidden
        seed.music[0].title = "Playlist renamed"
        seed.music[1].spotifyPlaylistId = "spotify-1"
        seed.music.remove(at: 2)
        let fresh = (0..<12).map { n in
            Seed.Item(
                id: SyntheticSeed.id(900_000 + n), title: "New sound \(n)", duration: 3, sortOrder: n,
                tags: TagSet(locations: ["Location 1", "A place no vocabulary lists"]))
        }
        seed.packs[0].items += fresh.prefix(4)
        seed.packs.append(
            Seed.Pack(
                id: SyntheticSeed.id(10_500_000), slug: "new-pack", kind: .atmosphere, title: "New pack", version: 1,
                manifestURL: "packs/new/1/manifest.json", items: Array(fresh.dropFirst(4))))
        return seed
    }

    /// Syncs `versions` into two libraries, the streamed way and the whole-document way, and
    /// compares every table and the counts after each version.
    func expectSameAsWholeUpdate(_ versions: [Seed]) async throws {
        let streamed = try Harness()
        let whole = try Harness()
        for (step, seed) in versions.enumerated() {
            let published = try streamed.fixture.publish(seed: seed)
            let fetcher = CatalogFetcher()
            let fetched = try await fetcher.fetchCatalog(
                at: try CatalogLocation.parsing(streamed.fixture.folder.path), trust: nil)
            let file = try await fetcher.fetchSeedFile(fetched.document.importFile, of: fetched)
            let a = try #require(
                try await SeedStreamImport(database: try streamed.library.database, seed: file).run(
                    prebuild: nil, alsoWrite: nil))
            let importer = SeedImporter(
                database: try whole.library.database, seed: seed, seedSHA256: published.seedSHA256, file: "seed.json")
            let b = try await importer.applyUpdates(force: true)
            #expect(a == b, "counts after version \(step + 1)")
            let (rowsA, rowsB) = (try await Self.rows(streamed), try await Self.rows(whole))
            #expect(rowsA == rowsB, "rows after version \(step + 1)")
            if rowsA != rowsB, let dir = ProcessInfo.processInfo.environment["STREAMED_UPDATE_DUMPS"] {
                try rowsA.write(toFile: "\(dir)/streamed-\(step).txt", atomically: true, encoding: .utf8)
                try rowsB.write(toFile: "\(dir)/whole-\(step).txt", atomically: true, encoding: .utf8)
            }
            if step > 0 { #expect(a.updated > 0 && a.hidden + a.inserted > 0) }
        }
    }

    /// ``StreamedImportTests/rows(_:)`` with the search table compared by its contents: the
    /// FTS5 segments (`library_item_search_data`, `_idx`) depend on the order of the writes.
    static func rows(_ h: Harness) async throws -> String {
        let kept = try await Streamed.rows(h).components(separatedBy: "## ").filter {
            !$0.hasPrefix("library_item_search_data\n") && !$0.hasPrefix("library_item_search_idx\n")
        }
        let search = try await h.library.database.read { db in
            try Row.fetchAll(db, sql: "SELECT rowid, * FROM library_item_search ORDER BY rowid").map(\.description)
        }
        #expect(search.count > 1000)
        return kept.joined(separator: "## ") + "## search contents\n" + search.joined(separator: "\n")
    }

    @Test func aStreamedUpdateWritesWhatTheWholeSeedUpdateWrites() async throws {
        let v1 = Streamed.seedWithFigures()
        let v2 = Self.changed(v1)
        var v3 = v1  // everything back: hidden items and packs listed again
        v3.catalogVersion = 3
        try await expectSameAsWholeUpdate([v1, v2, v3])
    }

    /// A library synced with a 1,200-item catalog, the seed and the library's rows.
    static func synced() async throws -> (Harness, Seed, String) {
        let v1 = SyntheticSeed(items: 1200).seed()
        let h = try Harness()
        try h.fixture.publish(seed: v1)
        try await h.sync()
        return (h, v1, try await h.dump())
    }

    /// The last entry repeats an id listed earlier in the seed (an id the library already holds):
    /// the update is refused at that entry and the library is as it was.
    @Test func aRepeatedIdInAnUpdateChangesNothing() async throws {
        let (h, v1, before) = try await Self.synced()
        var v2 = Self.changed(v1)
        let last = v2.packs.count - 1  // the new atmosphere pack repeats an atmosphere item
        v2.packs[last].items.append(v2.packs[1].items[1])
        try h.fixture.publish(seed: v2)
        do {
            try await h.sync()
            Issue.record("the sync was expected to fail")
        } catch LibraryClientError.invalidDocument(let d) {
            #expect(d.path == "$.packs[\(last)].items[\(v2.packs[last].items.count - 1)].id")
            #expect(d.message.contains("appears twice"))
        }
        #expect(try await h.dump() == before)
    }

    /// An id may not change kind: the update is refused at the entry, nothing changes.
    @Test func anItemChangingKindChangesNothing() async throws {
        let (h, v1, before) = try await Self.synced()
        var v2 = v1
        v2.catalogVersion = 2
        var item = v2.packs[0].items.removeLast()  // sfx
        item.tags = TagSet()
        v2.packs[1].items.append(item)  // atmosphere
        try h.fixture.publish(seed: v2)
        do {
            try await h.sync()
            Issue.record("the sync was expected to fail")
        } catch LibraryClientError.invalidDocument(let d) {
            #expect(d.message.contains("never changes kind"))
            #expect(d.path == "$.packs[1].items[\(v2.packs[1].items.count - 1)].kind")
        }
        #expect(try await h.dump() == before)
    }
}
