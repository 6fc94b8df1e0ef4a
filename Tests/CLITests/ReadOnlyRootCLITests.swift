import Foundation
import TestSupport
import Testing

/// A data root on a read-only volume (a mounted backup, a locked volume): browsing works, and
/// every write says the data root is read-only.
@Suite(
    "A read-only data root browses", .serialized, .startsProcesses, .timeLimit(.minutes(2)),
    .enabled(if: SmallDisk.isAvailable, "needs root to mount a tmpfs"))
struct ReadOnlyRootCLITests {
    @Test("list, search, facets, show, packs and credits answer; favorite, sync and install say it is read-only")
    func browseReadOnly() throws {
        let tmp = try TemporaryDirectory(prefix: "read-only")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.path("dist")
        #expect(try ToolRunner.run("catalog", ["publish", dist, "--source", source]).status == 0)
        let disk = try #require(try SmallDisk(bytes: 32 << 20))
        defer { disk.unmount() }
        let root = disk.path("root")
        #expect(try ToolRunner.run("client", ["sync", "--catalog", dist, "--root", root]).status == 0)
        #expect(try ToolRunner.run("client", ["install", "dungeon-delve", "--root", root]).status == 0)
        let before = try ToolRunner.run("client", ["search", "door", "--root", root, "--json"]).stdout
        disk.setReadOnly(true)

        for command in [
            ["list", "--kind", "sfx"], ["search", "door"], ["facets", "--kind", "sfx"], ["show", "dungeon-delve"],
            ["packs"], ["credits"], ["favorites"], ["stats"], ["trust"],
        ] {
            let run = try ToolRunner.run("client", command + ["--root", root, "--json"])
            #expect(run.status == 0, "\(command): \(run.stderr)")
        }
        #expect(try ToolRunner.run("client", ["search", "door", "--root", root, "--json"]).stdout == before)
        let item = try #require(
            ((try JSONSerialization.jsonObject(with: Data(before.utf8)) as? [String: Any])?["items"] as? [[String: Any]])?
                .first?["id"] as? String)
        for command in [["favorite", item], ["sync"], ["install", "tavern-life"]] {
            let run = try ToolRunner.run("client", command + ["--root", root])
            #expect(run.status != 0 && run.stderr.contains("the data root is read-only"), "\(command): \(run.stderr)")
            #expect(!run.stderr.contains("errno"), "\(run.stderr)")
        }
    }
}
