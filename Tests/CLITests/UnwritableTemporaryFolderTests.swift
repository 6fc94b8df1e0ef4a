import Foundation
import TestSupport
import Testing

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
