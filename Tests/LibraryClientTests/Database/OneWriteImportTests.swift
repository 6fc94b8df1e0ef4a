import CatalogModel
import Foundation
import GRDB
import SyntheticData
import TestSupport
import Testing

@testable import LibraryClient

/// A first import into a library no other connection holds writes each page once (out of WAL
/// mode, behind a rollback journal) and leaves the file in WAL mode; with another connection
/// holding the file, the same import goes through the write-ahead log instead, without waiting,
/// and leaves the same library.
@Suite struct OneWriteImportTests {
    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? 0
    }

    static func journalMode(_ path: String) throws -> String? {
        try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
    }

    @Test(.timeLimit(.minutes(5)))
    func aFirstImportAloneSkipsTheLogAndOneBesideAReaderUsesIt() async throws {
        let seed = SyntheticSeed(items: 3000).seed()

        let alone = try Harness()
        try await alone.publishAndSync(seed)
        let file = alone.root.appendingPathComponent("library.sqlite").path
        #expect(Self.size(file) > 2_000_000)
        // Only what was written after the import (the catalog's bookkeeping) went through a log.
        #expect(Self.size(file + "-wal") < Self.size(file) / 10, "\(Self.size(file + "-wal")) bytes of log")
        #expect(!FileManager.default.fileExists(atPath: file + "-journal"))
        #expect(try Self.journalMode(file) == "wal")

        let beside = try Harness()
        _ = try beside.library
        let heldFile = beside.root.appendingPathComponent("library.sqlite").path
        let other = try DatabaseQueue(path: heldFile)
        // Having read once, the other connection holds the file until it closes.
        #expect(try await other.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM library_item") } == 0)
        try await beside.publishAndSync(seed)
        #expect(Self.size(heldFile + "-wal") > Self.size(heldFile) / 2, "the import went through the log")
        #expect(try await other.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM library_item") } == 3000)
        #expect(try await StreamedImportTests.rows(beside) == StreamedImportTests.rows(alone))
    }

    /// A first import refused far into the seed leaves the library as it was, in WAL mode, with
    /// no journal left behind, and the next sync of a sound seed imports it.
    @Test func aRefusedFirstImportLeavesNothingBehind() async throws {
        var seed = SyntheticSeed(items: 3000).seed()
        let good = seed
        seed.packs[seed.packs.count - 1].items[0].id = seed.packs[0].items[0].id
        let h = try Harness()
        let empty = try await h.dump()
        try h.fixture.publish(seed: seed)
        await #expect(throws: LibraryClientError.self) { try await h.sync() }
        let file = h.root.appendingPathComponent("library.sqlite").path
        #expect(try await h.dump() == empty)
        #expect(!FileManager.default.fileExists(atPath: file + "-journal"))
        #expect(try Self.journalMode(file) == "wal")
        try h.fixture.publish(seed: good, catalogVersion: 2)
        #expect(try await h.sync().inserted == 3000 + good.packs.count)
    }
}
