import Foundation
import TestSupport

/// The demo catalog with licenses of every sort: dungeon-delve under CC-BY-4.0 crediting Jane
/// Field with a source, its "Creaking Door" overriding that with CC-BY-NC-4.0 and its own credit,
/// tavern-life under a studio's `LicenseRef-Studio`, the other packs left CC0 as the demo ships.
enum LicensedCatalog {
    static let dungeon = "a731dff3-4c29-42a8-b2ee-35179ce591f7"
    static let forest = "2735046c-1cbc-4599-a6af-c7503fb4e6ff"
    static let tavern = "c3e36bf8-3514-49c5-8900-516e2d00eff5"
    static let source = "https://freesound.org/people/jane/packs/123/"
    nonisolated(unsafe) static let jane: [String: Any] = [
        "name": "Jane Field", "role": "recording", "url": "https://example.org/jane",
    ]
    nonisolated(unsafe) static let nora: [String: Any] = ["name": "Nora Night", "role": NSNull(), "url": NSNull()]
    nonisolated(unsafe) static let project: [String: Any] = [
        "name": "The Soundshelf project", "role": "sound generation", "url": NSNull(),
    ]

    /// Copies the demo catalog into `tmp/catalog` with the licenses above; returns its path.
    static func make(in tmp: TemporaryDirectory) throws -> String {
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dungeon = "\(source)/packs/dungeon-delve/pack.yaml"
        try DemoCatalog.edit(dungeon, replacing: "license: CC0-1.0", with: "source: \(Self.source)\nlicense: CC-BY-4.0")
        try DemoCatalog.edit(
            dungeon, replacing: "[{name: \"The Soundshelf project\", role: \"sound generation\"}]",
            with: "[{name: \"Jane Field\", role: recording, url: \"https://example.org/jane\"}]")
        try DemoCatalog.edit(
            dungeon, replacing: "    title: \"Creaking Door\"\n",
            with: "    title: \"Creaking Door\"\n    license: CC-BY-NC-4.0\n    credits: [\"Nora Night\"]\n")
        try DemoCatalog.edit(
            "\(source)/packs/tavern-life/pack.yaml", replacing: "license: CC0-1.0", with: "license: LicenseRef-Studio")
        return source
    }
}
