import BuildState
import CatalogModel
import Foundation
import PackBuilder
import TestSupport
import Testing

/// `packer validate catalog.yaml` from the build state: a pack whose files did not change is not
/// read again, and every problem is still reported, in the same order, with its file and line.
struct CatalogCheckTests {
    let tmp: TemporaryDirectory
    let source: String
    var settings: BuildSettings

    init() throws {
        tmp = try TemporaryDirectory(prefix: "catalog-check")
        source = try DemoCatalog.copyCatalog(into: tmp)
        settings = BuildSettings(cacheFolder: tmp.url.appendingPathComponent("caches"))
        // Problems in three packs, some only the whole catalog sees: an item id used in two packs, a
        // tag written like a known one, a tag close to one another pack added, a missing file.
        let dungeon = "\(source)/packs/dungeon-delve/pack.yaml"
        let tavern = "\(source)/packs/tavern-life/pack.yaml"
        try DemoCatalog.edit(
            tavern, replacing: "d2b85c2e-8b70-4299-a693-a3ea5b0f68fa", with: "b5fa0c94-22ad-4e72-8b66-94c2ead4939a")
        try DemoCatalog.edit(
            dungeon, replacing: "moods: [\"Suspenseful\", \"Ominous\"]", with: "moods: [\"suspenseful\", \"Ominus\"]")
        try DemoCatalog.edit(tavern, replacing: "file: audio/dice-game.flac", with: "file: audio/dice-gone.flac")
    }

    var catalog: String { "\(source)/catalog.yaml" }

    @Test("the second run reads no pack and reports exactly what the first did")
    func keptChecksReportTheSame() throws {
        let state = try #require(BuildStateStore.open(in: settings.cacheFolder))
        let fresh = CatalogCheck.run(catalogAt: catalog, settings: settings, state: nil)
        let first = CatalogCheck.run(catalogAt: catalog, settings: settings, state: state)
        // The stamps are kept only once the files held still for a tick.
        Thread.sleep(forTimeInterval: 0.05)
        _ = CatalogCheck.run(catalogAt: catalog, settings: settings, state: state)
        let kept = CatalogCheck.run(catalogAt: catalog, settings: settings, state: state)
        #expect(kept.packsRead == 0 && kept.packsKept == 5)
        #expect(fresh.report.hasErrors)
        for run in [first, kept] {
            #expect(run.report.diagnostics == fresh.report.diagnostics)
            #expect(run.sound == fresh.sound)
            #expect(run.sources == fresh.sources)
        }
        let messages = kept.report.diagnostics.map(\.description).joined(separator: "\n")
        #expect(
            messages.contains("tavern-life/pack.yaml:"), "the duplicate id is reported in the pack that did not change")
        #expect(messages.contains("dice-gone.flac"))
        #expect(messages.contains("'suspenseful'") && messages.contains("'Ominus'"))
    }

    @Test("an edited pack is read again; the others are not")
    func onlyTheEditedPackIsRead() throws {
        let state = try #require(BuildStateStore.open(in: settings.cacheFolder))
        _ = CatalogCheck.run(catalogAt: catalog, settings: settings, state: state)
        Thread.sleep(forTimeInterval: 0.05)
        _ = CatalogCheck.run(catalogAt: catalog, settings: settings, state: state)
        try DemoCatalog.edit(
            "\(source)/packs/forest-ambience/pack.yaml", replacing: "title: \"", with: "title: \"Old ")
        let after = CatalogCheck.run(catalogAt: catalog, settings: settings, state: state)
        #expect(after.packsRead == 1 && after.packsKept == 4)
        #expect(
            after.report.diagnostics
                == CatalogCheck.run(catalogAt: catalog, settings: settings, state: nil).report.diagnostics)
    }

    @Test("the same catalog reached by another path reads no pack, and names its files by that path")
    func anotherPathToTheSameCatalog() throws {
        let state = try #require(BuildStateStore.open(in: settings.cacheFolder))
        Thread.sleep(forTimeInterval: 0.05)
        _ = CatalogCheck.run(catalogAt: catalog, settings: settings, state: state)
        // The same folder through a symbolic link: every path differs, every file is the same.
        let link = tmp.path("linked")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: source)
        let other = "\(link)/catalog.yaml"
        let kept = CatalogCheck.run(catalogAt: other, settings: settings, state: state)
        let fresh = CatalogCheck.run(catalogAt: other, settings: settings, state: nil)
        #expect(kept.packsRead == 0)
        #expect(kept.report.diagnostics == fresh.report.diagnostics)
        #expect(kept.report.diagnostics.allSatisfy { $0.file.hasPrefix(link) })
    }
}
