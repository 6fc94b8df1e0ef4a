import Foundation
import TestSupport
import Testing

/// An id reused for a pack and an item is refused by every command that reads the catalog
/// source, with both places named as file:line:column.
@Suite(.serialized, .startsProcesses)
struct IdentityCLITests {
    @Test func packIDReusedForAnItemIsRefusedNamingBothPlaces() throws {
        let tmp = try TemporaryDirectory()
        let catalog = try DemoCatalog.copyCatalog(into: tmp)
        let forest = "\(catalog)/packs/forest-ambience/pack.yaml"
        try DemoCatalog.edit(
            forest, replacing: "  - id: 9a2fd0de-ec19-4246-a3ab-3cea3179a111",
            with: "  - id: a731dff3-4c29-42a8-b2ee-35179ce591f7")
        let second = "\(forest):13:9: error: id a731dff3-4c29-42a8-b2ee-35179ce591f7 of item 'Dawn Chorus'"
        let first = "pack 'dungeon-delve' at \(catalog)/packs/dungeon-delve/pack.yaml:2:5"
        let runs = [
            try ToolRunner.run("packer", ["validate", "\(catalog)/catalog.yaml"]),
            try ToolRunner.run("packer", ["validate", forest]),
            try ToolRunner.run("packer", ["build", forest, "--out", tmp.path("out")]),
            try ToolRunner.run("catalog", ["publish", tmp.path("dist"), "--source", catalog]),
        ]
        for run in runs {
            #expect(run.status == 1, "\(run.stdout)")
            #expect(run.stderr.contains(second) && run.stderr.contains(first), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: tmp.path("dist/catalog.json")))
        #expect(!FileManager.default.fileExists(atPath: tmp.path("out/packs")))
    }
}
