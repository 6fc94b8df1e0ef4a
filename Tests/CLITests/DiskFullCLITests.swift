import Foundation
import TestSupport
import Testing

/// A data root on a nearly full disk (a tmpfs, root only), as a phone often is: the install says
/// the disk is full, with the bytes needed and free, before fetching anything; changes nothing but
/// the pack's state (failed, with that sentence); and installs once space is freed.
@Suite(
    "A full disk said plainly", .serialized, .startsProcesses, .timeLimit(.minutes(2)),
    .enabled(if: SmallDisk.isAvailable, "needs root to mount a tmpfs"))
struct DiskFullCLITests {
    /// The demo catalog published in a temporary folder and synced into a data root on an 8 MiB
    /// tmpfs (the folder is returned to keep it while the test runs).
    func demoLibraryOnASmallDisk(_ prefix: String) throws -> (TemporaryDirectory, SmallDisk, root: String) {
        let tmp = try TemporaryDirectory(prefix: prefix)
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.path("dist")
        #expect(try ToolRunner.run("catalog", ["publish", dist, "--source", source]).status == 0)
        let disk = try #require(try SmallDisk(bytes: 8 << 20))
        let root = disk.path("root")
        let sync = try ToolRunner.run("client", ["sync", "--catalog", dist, "--root", root])
        #expect(sync.status == 0, "\(sync.stderr)")
        return (tmp, disk, root)
    }

    @Test("an install that cannot fit is refused at once with the bytes needed and free; freed, it installs")
    func installOnAFullDisk() throws {
        let (tmp, disk, root) = try demoLibraryOnASmallDisk("disk-full")
        defer { withExtendedLifetime(tmp) { disk.unmount() } }
        // Room for a little more than what the library already uses.
        disk.resize(disk.used + 96 * 1024)
        let install = try ToolRunner.run("client", ["install", "dungeon-delve", "--root", root])
        #expect(install.status != 0)
        let said = install.stderr
        #expect(said.contains("the disk is full at \(root)/.staging/") && said.contains(" bytes needed, "), "\(said)")
        #expect(said.contains("free some space"), "\(said)")
        for leak in ["POSIXFailure", "error 1", "Error Domain", "CatalogFormat.", "LibraryClient."] {
            #expect(!said.contains(leak), "\(said)")
        }
        let packs =
            try JSONSerialization.jsonObject(
                with: try ToolRunner.run("client", ["packs", "--root", root, "--json"]).stdoutData) as? [String: Any]
        let pack = (packs?["packs"] as? [[String: Any]])?.first { $0["slug"] as? String == "dungeon-delve" }
        #expect(pack?["state"] as? String == "failed", "\(String(describing: pack))")
        #expect((pack?["lastError"] as? String)?.contains("the disk is full") == true)

        disk.resize(64 << 20)
        let again = try ToolRunner.run("client", ["install", "dungeon-delve", "--root", root])
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test("a favorite saved on a full disk says the disk is full and changes nothing; with room, it is saved")
    func favoriteOnAFullDisk() throws {
        let (tmp, disk, root) = try demoLibraryOnASmallDisk("disk-full-db")
        defer { withExtendedLifetime(tmp) { disk.unmount() } }
        let list =
            try JSONSerialization.jsonObject(
                with: try ToolRunner.run("client", ["list", "--kind", "sfx", "--root", root, "--json"]).stdoutData)
            as? [String: Any]
        let item = try #require((list?["items"] as? [[String: Any]])?.first?["id"] as? String)
        disk.resize(disk.used)
        let favorite = try ToolRunner.run("client", ["favorite", item, "--root", root])
        #expect(favorite.status != 0)
        #expect(favorite.stderr.contains("the disk is full at \(root): at least "), "\(favorite.stderr)")
        #expect(favorite.stderr.contains(" bytes needed, ") && favorite.stderr.contains("free some disk space"))
        for leak in ["SQLite error", "code 13", "DatabaseError", "GRDB", "LibraryClient."] {
            #expect(!favorite.stderr.contains(leak), "\(favorite.stderr)")
        }
        disk.resize(64 << 20)
        let favorites =
            try JSONSerialization.jsonObject(
                with: try ToolRunner.run("client", ["favorites", "--root", root, "--json"]).stdoutData)
            as? [String: Any]
        #expect(favorites?["total"] as? Int == 0, "the failed favorite left a row")
        #expect(try ToolRunner.run("client", ["favorite", item, "--root", root]).status == 0)
    }
}
