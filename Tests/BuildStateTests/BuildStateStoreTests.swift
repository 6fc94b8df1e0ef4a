import BuildState
import Foundation
import GRDB
import TestSupport
import Testing

/// The build state is a cache: a damaged or foreign file is replaced, never trusted, and a record
/// is current only while the files it was made from keep their stats.
struct BuildStateStoreTests {
    let tmp: TemporaryDirectory
    var file: String { tmp.path(BuildStateStore.fileName) }

    init() throws { tmp = try TemporaryDirectory(prefix: "build-state") }

    func record(_ path: String, inputs: [String] = []) throws -> (PackCheckRecord, FileStamp) {
        let folder = (path as NSString).deletingLastPathComponent
        var stamp = FileStamp(paths: [path] + inputs.map { "\(folder)/\($0)" })
        stamp.takenAt += 10_000_000_000  // as if taken well after the files were written
        let record = PackCheckRecord(
            path: path, context: "test", inputs: Data(inputs.joined(separator: "\n").utf8),
            stamp: stamp.encoded,
            check: Data("check".utf8), sound: nil)
        return (record, stamp)
    }

    @Test("a file of garbage in its place is replaced by an empty store that works")
    func damagedFileIsRebuilt() throws {
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: file))
        let store = try #require(BuildStateStore.open(in: tmp.url))
        let pack = tmp.path("pack.yaml")
        try Data("id: x\n".utf8).write(to: URL(fileURLWithPath: pack))
        let (made, stamp) = try record(pack)
        store.savePackCheck(made, stamp: stamp)
        #expect(store.currentPackCheck(path: pack, context: "test")?.record.check == Data("check".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).prefix(15) == Data("SQLite format 3".utf8))
    }

    @Test("another program's SQLite file is not taken for the store")
    func foreignDatabaseIsReplaced() throws {
        let foreign = try DatabaseQueue(path: file)
        try foreign.write { db in
            try db.execute(sql: "CREATE TABLE packCheck (path TEXT PRIMARY KEY, context TEXT, \"check\" BLOB)")
            try db.execute(sql: "INSERT INTO packCheck VALUES ('pack.yaml', 'test', x'00')")
        }
        try foreign.close()
        let store = try #require(BuildStateStore.open(in: tmp.url))
        #expect(store.currentPackCheck(path: "pack.yaml", context: "test") == nil)
        let tables = try DatabaseQueue(path: file).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables == ["catalogCheck", "packCheck", "publish", "publishedPack", "push", "pushedObject"])
    }

    @Test("a store of our layout that lacks a table is made anew, not trusted")
    func storeMissingATableIsRebuilt() throws {
        _ = try #require(BuildStateStore.open(in: tmp.url))
        try DatabaseQueue(path: file).write { db in try db.execute(sql: "DROP TABLE publishedPack") }
        let store = try #require(BuildStateStore.open(in: tmp.url))
        store.recordPublish(output: tmp.path("dist"), context: "test", sources: "s", packs: [:], changed: [])
        let tables = try DatabaseQueue(path: file).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables == ["catalogCheck", "packCheck", "publish", "publishedPack", "push", "pushedObject"])
    }

    @Test("a record is current until pack.yaml or a file it names changes, and only in its context")
    func recordFollowsItsFiles() throws {
        let store = try #require(BuildStateStore.open(in: tmp.url))
        let pack = tmp.path("pack.yaml")
        try Data("id: x\n".utf8).write(to: URL(fileURLWithPath: pack))
        try Data("RIFF".utf8).write(to: URL(fileURLWithPath: tmp.path("a.wav")))
        let (made, stamp) = try record(pack, inputs: ["a.wav"])
        store.savePackCheck(made, stamp: stamp)
        #expect(store.currentPackCheck(path: pack, context: "test") != nil)
        #expect(store.currentPackCheck(path: pack, context: "other tool") == nil)
        try Data("RIFX".utf8).write(to: URL(fileURLWithPath: tmp.path("a.wav")))  // same size, new time stamp
        #expect(store.currentPackCheck(path: pack, context: "test") == nil)
    }

    @Test("a stamp taken right after a write is not kept: a second write in the same tick would not show")
    func racyStampIsNotKept() throws {
        let store = try #require(BuildStateStore.open(in: tmp.url))
        let pack = tmp.path("pack.yaml")
        try Data("id: x\n".utf8).write(to: URL(fileURLWithPath: pack))
        let stamp = FileStamp(paths: [pack])
        #expect(!stamp.isSettled)
        let made = PackCheckRecord(
            path: pack, context: "test", inputs: Data(),
            stamp: stamp.encoded, check: Data(), sound: nil)
        store.savePackCheck(made, stamp: stamp)
        #expect(store.currentPackCheck(path: pack, context: "test") == nil)
    }
}

@Suite struct ToolStampTests {
    @Test("packer and catalog of one build share a stamp, so validate and publish trust each other's records")
    func toolsOfOneBuildShareAStamp() throws {
        let tmp = try TemporaryDirectory(prefix: "tool-stamp")
        for name in ["packer", "catalog", "soundshelf-bench"] {
            try Data(name.utf8).write(to: URL(fileURLWithPath: tmp.path(name)))
        }
        let packer = ToolStamp.stamp(running: tmp.path("packer"))
        #expect(packer == ToolStamp.stamp(running: tmp.path("catalog")))
        #expect(ToolStamp.stamp(running: tmp.path("soundshelf-bench")) != packer, "another program stamps itself too")
        // A new build of either tool is another build for both.
        try Data("packer, rebuilt".utf8).write(to: URL(fileURLWithPath: tmp.path("packer")))
        #expect(ToolStamp.stamp(running: tmp.path("catalog")) != packer)
        #expect(ToolStamp.stamp(running: tmp.path("catalog")) == ToolStamp.stamp(running: tmp.path("packer")))
    }
}
