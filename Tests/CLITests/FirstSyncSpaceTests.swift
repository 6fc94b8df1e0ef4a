import Foundation
import TestSupport
import Testing

/// The space a first sync takes at its peak, against the library it leaves, with the temporary
/// folder on the same disk as the data root (as on a phone, where both are in the app's
/// container). Root only (the tmpfs is mounted).
@Suite(
    "First sync's peak space", .serialized, .startsProcesses, .timeLimit(.minutes(10)),
    .enabled(if: SmallDisk.isAvailable, "needs root to mount a tmpfs"))
struct FirstSyncSpaceTests {
    @Test(
        "a first sync of the demo catalog needs at most 1.4 × the library it makes (the database is made outside the log)",
        arguments: ["2", "1"])
    func peakAgainstLibrary(schema: String) throws {
        let tmp = try TemporaryDirectory(prefix: "first-sync-space")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.path("dist")
        let published = try ToolRunner.run(
            "catalog", ["publish", dist, "--source", source, "--schema-version", schema])
        try #require(published.status == 0, "\(published.stderr)")
        let disk = try #require(try SmallDisk(bytes: 64 << 20))
        defer { disk.unmount() }
        try FileManager.default.createDirectory(atPath: disk.path("tmp"), withIntermediateDirectories: true)
        let before = disk.used
        let peak = PeakSampler(disk)
        let run = try ToolRunner.run(
            "client", ["sync", "--catalog", dist, "--root", disk.path("root")],
            environment: ["TMPDIR": disk.path("tmp")])
        let highest = peak.stop()
        try #require(run.status == 0, "\(run.stderr)")
        let library = disk.used - before
        let ratio = Double(highest - before) / Double(library)
        print("schema \(schema): library \(library) bytes, peak \(highest - before) bytes (\(ratio) ×)")
        // Through the write-ahead log, the migrations alone took 2.4 × the library.
        #expect(ratio <= 1.4, "peak \(highest - before) bytes for a library of \(library) bytes")
        #expect(!FileManager.default.fileExists(atPath: disk.path("root/library.sqlite-journal")))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: disk.path("root"))
            .filter { $0.contains(".creating-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}

/// A temporary folder that cannot take the seed the shards are put together in: the sync says
/// which file could not be written and why, not that something could not be read.
@Suite("Sync with an unwritable temporary folder", .startsProcesses)
struct UnwritableTemporaryFolderTests {
    @Test("the sync names the file it could not write and changes nothing")
    func namesTheFile() throws {
        let tmp = try TemporaryDirectory(prefix: "unwritable-tmp")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.path("dist")
        let published = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        try #require(published.status == 0, "\(published.stderr)")
        let missing = tmp.path("no-such-folder")
        let run = try ToolRunner.run(
            "client", ["sync", "--catalog", dist, "--root", tmp.path("root")], environment: ["TMPDIR": missing])
        #expect(run.status != 0)
        #expect(run.stderr.contains("\(missing)/soundshelf-seed-"), "\(run.stderr)")
        #expect(run.stderr.contains("cannot be written (No such file or directory)"), "\(run.stderr)")
        #expect(!run.stderr.contains("cannot be read"), "\(run.stderr)")
        let packs = try ToolRunner.run("client", ["packs", "--json", "--root", tmp.path("root")])
        #expect(packs.stderr.contains("has no catalog yet"), "\(packs.stderr)")
    }
}
