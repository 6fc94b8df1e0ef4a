import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// A new library's database is migrated on a file of its own, then linked into place: it never
/// replaces a database already there, and the file of a creation killed midway goes at the next.
@Suite struct DatabaseCreationTests {
    @Test("a new database is migrated, in WAL mode once open, with no file of its making left beside it")
    func newDatabase() throws {
        let tmp = try TemporaryDirectory(prefix: "db-creation")
        let url = URL(fileURLWithPath: tmp.path("root/library.sqlite"))
        let database = try AppDatabase.open(at: url)
        let mode = try database.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        let applied = try database.writer.read { try AppDatabase.migrator.appliedIdentifiers($0) }
        #expect(applied.count == AppDatabase.migrator.migrations.count)
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.path("root"))
        #expect(names.allSatisfy { $0.hasPrefix("library.sqlite") }, "\(names)")
    }

    @Test("a creation killed before its link leaves a file that the next creation removes")
    func killedCreation() throws {
        let tmp = try TemporaryDirectory(prefix: "db-creation")
        try FileManager.default.createDirectory(atPath: tmp.path("root"), withIntermediateDirectories: true)
        let leftover = tmp.path("root/.library.sqlite.creating-0D1C6A4E-5F0B-4C52-9E55-7B8B2D7E1A11")
        try Data(repeating: 7, count: 8192).write(to: URL(fileURLWithPath: leftover))
        try Data().write(to: URL(fileURLWithPath: leftover + "-journal"))
        _ = try AppDatabase.open(at: URL(fileURLWithPath: tmp.path("root/library.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(!FileManager.default.fileExists(atPath: leftover + "-journal"))
    }

    @Test("a database another process made first is kept as it is")
    func neverReplaces() throws {
        let tmp = try TemporaryDirectory(prefix: "db-creation")
        let url = URL(fileURLWithPath: tmp.path("library.sqlite"))
        let other = try DatabaseQueue(path: url.path)
        try other.write { try $0.execute(sql: "CREATE TABLE made_elsewhere(x)") }
        try other.close()
        try AppDatabase.createIfMissing(at: url)
        let kept = try DatabaseQueue(path: url.path).read { try $0.tableExists("made_elsewhere") }
        #expect(kept)
    }
}
