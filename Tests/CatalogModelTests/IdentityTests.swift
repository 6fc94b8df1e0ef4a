import CatalogModel
import Foundation
import TestSupport
import Testing

/// An id names one thing in a catalog: packs, items, music entries and assets (written or
/// derived from the pack and item ids) never share a UUID, and the error names both places,
/// each as file:line:column.
struct IdentityTests {
    static let dungeonPack = "a731dff3-4c29-42a8-b2ee-35179ce591f7"  // packs/dungeon-delve/pack.yaml:2:5
    static let dungeonItem = "b5fa0c94-22ad-4e72-8b66-94c2ead4939a"  // packs/dungeon-delve/pack.yaml:13:9
    static let forestPack = "2735046c-1cbc-4599-a6af-c7503fb4e6ff"  // packs/forest-ambience/pack.yaml:2:5
    static let forestItem = "9a2fd0de-ec19-4246-a3ab-3cea3179a111"  // packs/forest-ambience/pack.yaml:13:9
    static let firstMusic = "d820ddfc-8060-425e-9282-82a82b58d231"  // catalog.yaml:120:9
    static let forest = "packs/forest-ambience/pack.yaml"
    static let dungeon = "packs/dungeon-delve/pack.yaml"

    /// One reuse of an id: the edit (in a file relative to the catalog folder), the id reused,
    /// and the two places the error must name (the later one first).
    struct Reuse: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var file: String
        var replace: String
        var with: String
        var id: String
        var second: String
        var first: String
    }

    static let reuses: [Reuse] = [
        Reuse(
            testDescription: "an item reuses another pack's id", file: forest,
            replace: "  - id: \(forestItem)", with: "  - id: \(dungeonPack)", id: dungeonPack,
            second: "\(forest):13:9", first: "\(dungeon):2:5"),
        Reuse(
            testDescription: "an item reuses its own pack's id", file: dungeon,
            replace: "  - id: \(dungeonItem)", with: "  - id: \(dungeonPack)", id: dungeonPack,
            second: "\(dungeon):13:9", first: "\(dungeon):2:5"),
        Reuse(
            testDescription: "a pack reuses a music entry's id", file: forest,
            replace: "id: \(forestPack)", with: "id: \(firstMusic)", id: firstMusic,
            second: "\(forest):2:5", first: "catalog.yaml:120:9"),
        Reuse(
            testDescription: "an item reuses the asset id derived for another pack's item", file: forest,
            replace: "  - id: \(forestItem)",
            with: "  - id: \(CanonicalID.v5(namespace: dungeonPack, name: dungeonItem))",
            id: CanonicalID.v5(namespace: dungeonPack, name: dungeonItem),
            second: "\(forest):13:9", first: "\(dungeon):13:9"),
        Reuse(
            testDescription: "a written asset id reuses a music entry's id", file: forest,
            replace: "  - id: \(forestItem)", with: "  - id: \(forestItem)\n    assetId: \(firstMusic)", id: firstMusic,
            second: "\(forest):14:14", first: "catalog.yaml:120:9"),
    ]

    @Test(arguments: reuses)
    func reusedIDIsOneErrorNamingBothPlaces(_ reuse: Reuse) throws {
        let tmp = try TemporaryDirectory()
        let catalog = try DemoCatalog.copyCatalog(into: tmp)
        try DemoCatalog.edit("\(catalog)/\(reuse.file)", replacing: reuse.replace, with: reuse.with)
        let report = CatalogValidator.validate(catalogAt: "\(catalog)/catalog.yaml").1
        #expect(report.errors.count == 1, "\(report)")
        let error = try #require(report.errors.first)
        #expect(error.description.hasPrefix("\(catalog)/\(reuse.second): error: id \(reuse.id) "), "\(error)")
        #expect(error.message.contains("at \(catalog)/\(reuse.first)"), "\(error)")
    }

    @Test func reusedIDInsideOnePackNamesBothPlaces() throws {
        let tmp = try TemporaryDirectory()
        let pack = try DemoCatalog.copyPack("dungeon-delve", into: tmp)
        try DemoCatalog.edit(pack, replacing: "  - id: \(Self.dungeonItem)", with: "  - id: \(Self.dungeonPack)")
        let report = PackValidator.validate(packAt: pack).1
        #expect(report.errors.count == 1, "\(report)")
        let error = try #require(report.errors.first)
        #expect(
            error.description.hasPrefix("\(pack):13:9: error: id \(Self.dungeonPack) of item 'Creaking Door' "),
            "\(error)")
        #expect(error.message.contains("pack 'dungeon-delve' at \(pack):2:5"), "\(error)")
    }

    @Test func repeatedItemIDIsReportedOnceNotAgainForItsDerivedAsset() throws {
        let tmp = try TemporaryDirectory()
        let pack = try DemoCatalog.copyPack("dungeon-delve", into: tmp)
        try DemoCatalog.edit(
            pack, replacing: "  - id: 92f35dce-eb31-485d-9315-7771439ddd57", with: "  - id: \(Self.dungeonItem)")
        let report = PackValidator.validate(packAt: pack).1
        #expect(report.errors.count == 1, "\(report)")
        #expect(report.errors.first?.message.contains("item 'Creaking Door' at \(pack):13:9") == true, "\(report)")
    }

    /// `packer validate pack.yaml` (and `packer build`) on a pack inside a catalog: the ids of
    /// the catalog's music and other packs are taken too.
    @Test func aPackCheckedAloneMayNotReuseAnIDOfItsCatalog() throws {
        let tmp = try TemporaryDirectory()
        let catalog = try DemoCatalog.copyCatalog(into: tmp)
        let pack = "\(catalog)/\(Self.forest)"
        try DemoCatalog.edit(pack, replacing: "  - id: \(Self.forestItem)", with: "  - id: \(Self.dungeonPack)")
        try DemoCatalog.edit(pack, replacing: "id: \(Self.forestPack)", with: "id: \(Self.firstMusic)")
        // Another pack's own problem is not this pack's: it is left to the catalog's check.
        try DemoCatalog.edit(
            "\(catalog)/packs/tavern-life/pack.yaml", replacing: "kind: atmosphere", with: "kind: ambience")
        let report = PackValidator.validate(packAt: pack).1
        let errors = report.errors.map(\.description)
        #expect(errors.count == 2, "\(errors)")
        #expect(
            errors.contains {
                $0.hasPrefix("\(pack):2:5: error: id \(Self.firstMusic) of pack 'forest-ambience' ")
                    && $0.contains("music entry 'Into the Underdark' at \(catalog)/catalog.yaml:120:9")
            }, "\(errors)")
        #expect(
            errors.contains {
                $0.hasPrefix("\(pack):13:9: error: id \(Self.dungeonPack) of item 'Dawn Chorus' ")
                    && $0.contains("pack 'dungeon-delve' at \(catalog)/\(Self.dungeon):2:5")
            }, "\(errors)")
    }
}
