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
