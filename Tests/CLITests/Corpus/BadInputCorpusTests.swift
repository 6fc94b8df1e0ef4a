import Foundation
import TestSupport
import Testing

/// Every case of `Tests/Fixtures/corpus/` through the public commands: a non-zero exit, a
/// message naming the file / field / id, and nothing changed — the output folder, the
/// published catalog or the client data root byte for byte as before (for `install`, the
/// failure is recorded in `pack_state` as the format requires; everything else stays the same).
@Suite(.serialized, .startsProcesses)
struct BadInputCorpusTests {
    static let cases = CorpusCase.all()

    @Test func theCorpusHasAtLeastFortyCases() {
        #expect(Self.cases.count >= 40)
        #expect(Self.cases.map(\.name) == CorpusCase.folders(), "every case.json decodes")
    }

    @Test(arguments: cases)
    func isRefusedAndChangesNothing(_ spec: CorpusCase) throws {
        let world = try CorpusWorld()
        let mutations = CorpusMutations(world: world, spec: spec)
        try mutations.applySource()
        try mutations.applyDist()
        let slug = mutations.packSlug
        let result: ToolRunner.Result
        switch spec.stage {
        case .pack:
            let out = world.tmp.path("out")
            result = try ToolRunner.run("packer", ["build", "\(world.catalog)/packs/\(slug)/pack.yaml", "--out", out])
            #expect(CorpusWorld.snapshot(out).isEmpty, "no output may be left behind")
        case .catalog:
            let before = CorpusWorld.snapshot(world.dist)
            result = try ToolRunner.run(
                "catalog", ["publish", world.dist, "--source", world.catalog, "--schema-version", "1"])
            #expect(CorpusWorld.snapshot(world.dist) == before, "the published catalog must be unchanged")
        case .sync:
            let before = CorpusWorld.snapshot(world.root)
            result = try ToolRunner.run("client", ["sync", "--force", "--root", world.root, "--catalog", world.dist])
            #expect(CorpusWorld.snapshot(world.root) == before, "the data root must be byte-for-byte unchanged")
        case .install:
            let outsideDatabase: (String) -> Bool = {
                $0.hasPrefix("library.sqlite") || $0.hasPrefix(".staging") || $0 == "facet-index.bin"
            }
            let before = CorpusWorld.snapshot(world.root, skip: outsideDatabase)
            let view = try world.libraryView()
            result = try ToolRunner.run("client", ["install", slug, "--root", world.root, "--catalog", world.dist])
            #expect(CorpusWorld.snapshot(world.root, skip: outsideDatabase) == before, "AudioAssets must be unchanged")
            #expect(try world.libraryView() == view, "the library must answer as before")
            let packs = try ToolRunner.run("client", ["packs", "--root", world.root, "--json"]).stdout
            #expect(packs.contains("\"failed\""), "the failure is recorded in pack_state")
        }
        #expect(result.status != 0, "\(spec.name) was accepted: \(result.stdout)")
        for fragment in spec.expect {
            #expect(result.stderr.contains(fragment), "\(spec.name): '\(fragment)' not in: \(result.stderr)")
        }
        #expect(
            !result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"), "no crash or stack trace")
    }

    /// What `packer build` refuses in a pack, `packer validate` already refuses, on the
    /// pack.yaml and on the catalog.yaml holding it, with the same located message: an author
    /// learns before building.
    @Test(arguments: cases.filter { $0.stage == .pack })
    func validateRefusesWhatBuildRefuses(_ spec: CorpusCase) throws {
        let world = try CorpusWorld()
        let mutations = CorpusMutations(world: world, spec: spec)
        try mutations.applySource()
        let pack = "\(world.catalog)/packs/\(mutations.packSlug)/pack.yaml"
        for file in [pack, "\(world.catalog)/catalog.yaml"] {
            let result = try ToolRunner.run("packer", ["validate", file])
            #expect(result.status == 1, "\(spec.name): packer validate \(file) accepted it: \(result.stderr)")
            for fragment in spec.expect {
                #expect(result.stderr.contains(fragment), "\(spec.name): '\(fragment)' not in: \(result.stderr)")
            }
        }
    }
}
