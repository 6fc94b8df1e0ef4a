import CatalogModel
import CatalogPublisher
import Foundation
import TestSupport
import Testing

/// Identity rules across publishes: each violation is refused with a message naming the id, and the
/// published catalog stays as it was.
struct IdentityRuleTests {
    static let dungeonPack = "a731dff3-4c29-42a8-b2ee-35179ce591f7"
    static let forestPack = "2735046c-1cbc-4599-a6af-c7503fb4e6ff"
    static let dawnItem = "9a2fd0de-ec19-4246-a3ab-3cea3179a111"

    enum Violation: String, CaseIterable, Sendable {
        case packBecomesMusic, itemMovesPack, changedContentSameVersion, versionGoesBack
    }

    func apply(_ violation: Violation, source: String) throws {
        let dungeon = "\(source)/packs/dungeon-delve/pack.yaml"
        let forest = "\(source)/packs/forest-ambience/pack.yaml"
        switch violation {
        case .packBecomesMusic:
            try DemoCatalog.edit(
                "\(source)/catalog.yaml", replacing: "music:\n",
                with:
                    "music:\n  - id: \(Self.dungeonPack)\n    title: \"Reused\"\n    appleMusicPlaylistId: pl.u-reused0000001\n"
            )
            try FileManager.default.removeItem(atPath: "\(source)/packs/dungeon-delve")
        case .itemMovesPack:
            // "Dawn Chorus" leaves forest-ambience and reappears, same id, in tavern-life (both atmosphere).
            let tavern = "\(source)/packs/tavern-life/pack.yaml"
            let text = try String(contentsOfFile: forest, encoding: .utf8)
            let start = text.range(of: "  - id: \(Self.dawnItem)")!.lowerBound
            let end = text.range(of: "\n\n", range: start..<text.endIndex)!.lowerBound
            let block = String(text[start..<end])
            try text.replacingCharacters(in: start..<end, with: "").write(
                toFile: forest, atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(
                atPath: "\(source)/packs/forest-ambience/audio/dawn-chorus.ogg",
                toPath: "\(source)/packs/tavern-life/audio/dawn-chorus.ogg")
            try (String(contentsOfFile: tavern, encoding: .utf8) + "\n" + block + "\n").write(
                toFile: tavern, atomically: true, encoding: .utf8)
        case .changedContentSameVersion:
            try DemoCatalog.edit(dungeon, replacing: "loopable: true", with: "loopable: false")
        case .versionGoesBack:
            try DemoCatalog.edit(dungeon, replacing: "version: 1 ", with: "version: 2 ")
        }
    }

    @Test(arguments: Violation.allCases)
    func violationIsRefusedAndNothingChanges(_ violation: Violation) throws {
        let tmp = try TemporaryDirectory()
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let options = PublishOptions(output: tmp.path("dist"), source: source)
        if violation == .versionGoesBack {
            try apply(.versionGoesBack, source: source)
            _ = try CatalogPublisher.publish(options)
            try DemoCatalog.edit(
                "\(source)/packs/dungeon-delve/pack.yaml", replacing: "version: 2 ", with: "version: 1 ")
        } else {
            _ = try CatalogPublisher.publish(options)
            try apply(violation, source: source)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: tmp.path("dist/catalog.json")))
        #expect {
            try CatalogPublisher.publish(options)
        } throws: { error in
            let text = "\(error)"
            let names = text.contains(Self.dungeonPack) || text.contains(Self.dawnItem)
            let says: Bool =
                switch violation {
                case .packBecomesMusic: text.contains("was a sfx pack and is now a music entry")
                case .itemMovesPack: text.contains("moved from pack \(Self.forestPack)")
                case .changedContentSameVersion: text.contains("raise `version`")
                case .versionGoesBack: text.contains("version 1 but version 2 is already published")
                }
            return names && says
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.path("dist/catalog.json"))) == before)
    }
}
