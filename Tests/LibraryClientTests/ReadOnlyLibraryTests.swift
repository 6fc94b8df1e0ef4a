import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// A library opened to answer questions only (`Library(readingAt:)`): the answers of a library
/// opened to write, nothing written to its database, writes refused; a database that is missing
/// or needs a migration is opened as `Library(root:)` opens it.
@Suite struct ReadOnlyLibraryTests {
    func counts(_ library: Library) async throws -> FacetCounts {
        try await library.facets.fetchFacetCounts(kind: .sfx, filterNames: [.mood: ["Ominous"]])
    }

    @Test func answersAsAWritableLibraryAndWritesNothing() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        let reference = try await counts(try h.reopen())
        // A copy of the root that no connection holds, as a new process finds it: closing the only
        // library on it copied its log into the database.
        let root = h.tmp.url.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: h.root, to: root)
        do { _ = try Library(root: root) }
        let database = root.appendingPathComponent("library.sqlite")
        let log = root.appendingPathComponent("library.sqlite-wal")
        let before = try Data(contentsOf: database)
        do {
            let reading = try Library(readingAt: root)
            #expect(try await reading.isImported())
            #expect(try await counts(reading) == reference)
            let item = try #require(try await reading.items.fetchItems(kind: .sfx).first)
            await #expect(throws: LibraryClientError.self) { try await reading.favorites.favorite(itemID: item.id) }
        }
        // Closed: no page of the database changed, and no log holds a frame to copy into it.
        #expect(try Data(contentsOf: database) == before)
        let logBytes = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0
        #expect(logBytes == 0)
    }

    @Test func aMissingDatabaseIsCreated() async throws {
        let h = try Harness()
        let reading = try Library(readingAt: h.root)
        #expect(try await !reading.isImported())
        #expect(FileManager.default.fileExists(atPath: h.root.appendingPathComponent("library.sqlite").path))
    }

    @Test func aDatabaseOfAnEarlierReleaseIsMigrated() async throws {
        let h = try Harness()
        try FileManager.default.createDirectory(at: h.root, withIntermediateDirectories: true)
        try UCSMigrationTests.makePreviousRelease(at: h.root.appendingPathComponent("library.sqlite"))
        let reading = try Library(readingAt: h.root)
        #expect(try await reading.database.read { try AppDatabase.migrator.hasCompletedMigrations($0) })
    }
}
