import CatalogFormat
import CatalogPublisher
import Foundation
import SyntheticData
import TestSupport
import Testing

@testable import LibraryClient

/// A schema-2 catalog: a client at version v fetches only the deltas to the current version and
/// ends with exactly the library a fresh full sync of that version leaves.
@Suite struct IncrementalSyncTests {
    /// A chain of publishes that changes everything an item and a pack can change (titles, tags,
    /// figures, credits, takes, positions, moves between packs, slugs, removals, new packs and
    /// items, music), then lists everything again, then adds a value no vocabulary had.
    static func versions() -> [Seed] {
        let v1 = StreamedImportTests.seedWithFigures()
        let v2 = StreamedUpdateTests.changed(v1)
        var v3 = v1
        v3.catalogVersion = 3
        var v4 = v3
        v4.catalogVersion = 4
        v4.packs[1].items[0].tags = TagSet(locations: ["Somewhere new"])
        v4.packs[1].items[1].title = "Retitled in version 4"
        v4.packs[1].items[2].ucs = "DOORWood"  // a CatID: its synonyms reach search
        v4.packs[0].items.remove(at: 3)
        for i in v4.packs[0].items.indices { v4.packs[0].items[i].sortOrder = i }
        return [v1, v2, v3, v4]
    }

    /// What a library synced fresh from `folder` (a new data root) shows.
    static func fresh(_ folder: URL) async throws -> String {
        let tmp = try TemporaryDirectory(prefix: "fresh")
        let library = try Library(root: tmp.url)
        let result = try await library.sync(SyncOptions(catalog: folder))
        #expect(result.transfer == .full)
        return try await LibraryContents.of(library, visibleOnly: true)
    }

    /// What `h`'s library shows, read by a fresh process (the patched facet index and list
    /// orders come from disk).
    static func shown(_ h: Harness) async throws -> String {
        try await LibraryContents.of(try h.reopen(), visibleOnly: true)
    }

    @Test func anIncrementalSyncLeavesTheLibraryAFreshSyncLeaves() async throws {
        let h = try Harness()
        let follower = try Harness()  // syncs every version whole
        for (step, seed) in Self.versions().enumerated() {
            try CatalogPublisher.publishSharded(seed, to: h.fixture.folder)
            let result = try await h.sync()
            #expect(result.transfer == (step == 0 ? .full : .delta), "version \(step + 1)")
            #expect(result.catalogVersion == seed.catalogVersion)
            if step > 0 { #expect(result.summary.hasChanges) }
            let whole = try await follower.library.sync(SyncOptions(catalog: h.fixture.folder, force: true))
            #expect(whole.transfer == .full)
            #expect(result.summary == whole.summary, "counts of version \(step + 1)")
            let incremental = try await LibraryContents.of(try h.reopen())
            let followed = try await LibraryContents.of(try follower.reopen())
            #expect(incremental == followed, "every row after version \(step + 1)")
            let full = try await Self.fresh(h.fixture.folder)
            #expect(try await Self.shown(h) == full, "what a fresh sync shows, version \(step + 1)")
            if incremental != followed, let dir = ProcessInfo.processInfo.environment["INCREMENTAL_DUMPS"] {
                try incremental.write(toFile: "\(dir)/incremental-\(step).txt", atomically: true, encoding: .utf8)
                try followed.write(toFile: "\(dir)/followed-\(step).txt", atomically: true, encoding: .utf8)
            }
        }
    }

    /// A process that did not import the version before (the CLI's next `client sync`, an app's
    /// next launch) patches the saved facet index file rather than an index in memory, and shows
    /// what a fresh sync shows.
    @Test func aNewProcessPatchesTheSavedIndex() async throws {
        let h = try Harness()
        for (step, seed) in Self.versions().enumerated() {
            try CatalogPublisher.publishSharded(seed, to: h.fixture.folder)
            let result = try await h.reopen().sync(SyncOptions(catalog: h.fixture.folder))
            #expect(result.transfer == (step == 0 ? .full : .delta), "version \(step + 1)")
            #expect(try await Self.shown(h) == (try await Self.fresh(h.fixture.folder)), "version \(step + 1)")
        }
    }

    /// Ten versions behind: the ten deltas are merged and applied in one go.
    @Test func aClientManyVersionsBehindAppliesTheDeltasInOneGo() async throws {
        let h = try Harness()
        var seed = SyntheticSeed(items: 600).seed()
        try CatalogPublisher.publishSharded(seed, to: h.fixture.folder)
        try await h.sync()
        for version in 2...11 {
            seed.catalogVersion = version
            seed.packs[version % seed.packs.count].items[version].title = "Changed in \(version)"
            seed.packs[(version + 1) % seed.packs.count].items.removeLast()
            try CatalogPublisher.publishSharded(seed, to: h.fixture.folder)
        }
        let result = try await h.sync()
        #expect(result.transfer == .delta)
        #expect(result.catalogVersion == 11)
        #expect(result.updated >= 10 && result.hidden == 10)
        #expect(try await Self.shown(h) == (try await Self.fresh(h.fixture.folder)))
    }

    /// Past the window of deltas catalog.json keeps, the client fetches everything.
    @Test func aClientBehindTheWindowFetchesEverything() async throws {
        let h = try Harness()
        var seed = SyntheticSeed(items: 300).seed()
        try CatalogPublisher.publishSharded(seed, to: h.fixture.folder, keepVersions: 2)
        try await h.sync()
        for version in 2...4 {
            seed.catalogVersion = version
            seed.packs[0].items[version].title = "Changed in \(version)"
            try CatalogPublisher.publishSharded(seed, to: h.fixture.folder, keepVersions: 2)
        }
        let document = try CatalogJSON.decode(
            ShardedCatalogDocument.self,
            from: try Data(contentsOf: h.fixture.folder.appendingPathComponent("catalog.json")), file: "catalog.json")
        #expect(document.deltas.map(\.from) == [2, 3])
        let result = try await h.sync()
        #expect(result.transfer == .full)
        #expect(result.updated == 3)
        #expect(try await Self.shown(h) == (try await Self.fresh(h.fixture.folder)))
    }

    /// A catalog published by the schema-1 tools, then by the schema-2 ones: a library synced
    /// from schema 1 fetches everything once (schema 1 kept no pack references), then deltas.
    @Test func aSchemaOneLibraryMovesToSchemaTwo() async throws {
        let h = try Harness()
        var seed = SyntheticSeed(items: 400).seed()
        try await h.publishAndSync(seed)
        for version in 2...3 {
            seed.catalogVersion = version
            seed.packs[1].items[version].title = "Changed in \(version), schema 2"
            try CatalogPublisher.publishSharded(seed, to: h.fixture.folder)
            let result = try await h.sync()
            #expect(result.transfer == (version == 2 ? .full : .delta))
            #expect(result.updated == 1)
            #expect(try await Self.shown(h) == (try await Self.fresh(h.fixture.folder)))
        }
    }

    /// The brief's bundled seed: a copy of one published version, imported offline, then the
    /// hosted catalog moves only the changes since that version.
    @Test func aBundledCopyCatchesUpIncrementally() async throws {
        let h = try Harness()
        var seed = SyntheticSeed(items: 500).seed()
        try CatalogPublisher.publishSharded(seed, to: h.fixture.folder)
        let bundle = h.tmp.url.appendingPathComponent("bundle")
        try FileManager.default.copyItem(at: h.fixture.folder, to: bundle)
        for version in 2...3 {
            seed.catalogVersion = version
            seed.packs[version].items[0].title = "Changed in \(version)"
            try CatalogPublisher.publishSharded(seed, to: h.fixture.folder)
        }
        let library = try h.library
        let offline = try await library.sync(SyncOptions(catalog: bundle))
        #expect(offline.transfer == .full && offline.catalogVersion == 1)
        let online = try await library.sync(SyncOptions(catalog: h.fixture.folder))
        #expect(online.transfer == .delta && online.catalogVersion == 3 && online.updated == 2)
        #expect(try await Self.shown(h) == (try await Self.fresh(h.fixture.folder)))
    }
}
