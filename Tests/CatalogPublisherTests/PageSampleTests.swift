import CatalogModel
import CatalogPublisher
import Foundation
import TestSupport
import Testing

/// A hand-made catalog for the page tests, and a fake published folder built from it:
/// catalog.json, the seed, manifests, pack.tar and tiny asset files at the published paths, with
/// index.html and the pack pages rendered by ``CatalogPage``.
enum PageSample {
    static let music = [
        SeedFactory.music(
            1, "Into the Underdark",
            tags: TagSet(locations: ["Underdark"], moods: ["Ominous"], themes: ["Horror / Occult"]),
            subtitle: "Deep, echoing drones"),
        SeedFactory.music(2, "Tavern \"Tales\" & Songs", tags: TagSet(moods: ["Victorious & Jubilant"])),
    ]
    static let forest = SeedFactory.pack(
        10, "rainy-forest", kind: .atmosphere, title: "Rainy Forest Night",
        items: [
            SeedFactory.item(
                11, "Gentle Rain", order: 1, duration: 95, tags: TagSet(locations: ["Forest"], themes: ["Nature"])),
            SeedFactory.item(
                12, "Owl Calls", order: 0, duration: 12.5, tags: TagSet(locations: ["Forest"], moods: ["Calm"])),
        ])
    static let dungeon: Seed.Pack = {
        var pack = SeedFactory.pack(
            20, "dungeon-delve", kind: .sfx, title: "Dungeon Delve",
            items: [
                SeedFactory.item(
                    21, "Creaking Door", order: 0, tags: TagSet(moods: ["Ominous"], themes: ["Doors & Mechanisms"])),
                SeedFactory.item(
                    22, "<script>alert('pwned')</script>", order: 1, tags: TagSet(themes: ["Doors & Mechanisms"])),
                SeedFactory.item(
                    23, "Skeleton Rattle", order: 2, tags: TagSet(moods: ["Ominous"], creatureTypes: ["Undead"]),
                    subtitle: "Bones on stone"),
                SeedFactory.item(
                    24, "An-Extraordinarily-Long-Unbroken-Title-That-Must-Wrap-On-A-Phone-Screen", order: 3),
            ])
        pack.description = "Doors, traps & things that <skitter>."
        return pack
    }()

    /// Titles of every music entry, pack and item, as authors wrote them.
    static var titles: [String] {
        music.map(\.title) + [forest, dungeon].flatMap { [$0.title] + $0.items.map(\.title) }
    }

    static var seed: Seed {
        var seed = SeedFactory.seed(
            version: 3,
            vocabulary: [
                .location: ["Arctic", "Forest", "Underdark"],
                .creatureType: ["Beast", "Undead"],
            ], music: music, packs: [forest, dungeon])
        // Moods listed out of order on purpose: the page must follow sortOrder.
        seed.vocabularies.setEntries(
            [
                .init(name: "Ominous", sortOrder: 2), .init(name: "Calm", sortOrder: 0),
                .init(name: "Victorious & Jubilant", sortOrder: 1), .init(name: "Cozy", sortOrder: 3),
            ], for: .mood)
        return seed
    }

    static var manifests: [String: Manifest] {
        var result: [String: Manifest] = [:]
        for pack in [forest, dungeon] {
            let assets = pack.items.enumerated().map { index, item in
                let assetId = "aaaaaaaa-0000-4000-8000-" + String(item.id.suffix(12))
                return Manifest.Asset(
                    assetId: assetId, itemId: item.id, url: "assets/\(assetId).aac",
                    sha256: String(repeating: "0", count: 64), bytes: index == 0 ? 600_000 : 200_000,
                    codec: "aac", sampleRate: 48_000, channels: 2, loopable: pack.kind == .atmosphere)
            }
            let total = assets.reduce(Int64(0)) { $0 + $1.bytes }
            result[pack.id] = Manifest(
                packId: pack.id, version: pack.version, totalBytes: total, assets: assets,
                kind: pack.kind, title: pack.title,
                archive: .init(url: "pack.tar", sha256: String(repeating: "0", count: 64), bytes: 10))
        }
        return result
    }

    static func catalog(seedSHA256: String = String(repeating: "ab", count: 32)) -> CatalogDocument {
        CatalogDocument(
            catalogVersion: 3, generatedAt: "2026-11-22T10:00:00Z", title: "Soundshelf <Demo> & Friends",
            expires: "2027-05-22T10:00:00Z",
            seed: FileReference(url: "seeds/\(seedSHA256).json", sha256: seedSHA256, bytes: 1),
            packs: [forest, dungeon].map { pack in
                let folder = "packs/\(pack.id)/\(pack.version)"
                let zero = String(repeating: "0", count: 64)
                return .init(
                    id: pack.id, slug: pack.slug, kind: pack.kind, title: pack.title, version: pack.version,
                    manifest: FileReference(url: "\(folder)/manifest.json", sha256: zero, bytes: 1),
                    archive: FileReference(url: "\(folder)/pack.tar", sha256: zero, bytes: 10))
            })
    }

    static var templatesDirectory: String { ToolRunner.repositoryRoot.appendingPathComponent("templates").path }

    static func render() throws -> String {
        try CatalogPage.render(
            catalog: catalog(), seed: seed, manifests: manifests, templatesDirectory: templatesDirectory)
    }

    /// The page of each pack, keyed by pack id.
    static func renderPacks(catalog: CatalogDocument = catalog()) throws -> [String: String] {
        let pages = try CatalogPage(templatesDirectory: templatesDirectory)
        var result: [String: String] = [:]
        for pack in seed.packs {
            result[pack.id] = pages.renderPack(
                packId: pack.id, catalog: catalog, seed: seed, manifest: manifests[pack.id])
        }
        return result
    }

    /// Writes the published folder into `folder` and returns the rendered index.html.
    @discardableResult
    static func publish(into folder: URL) throws -> String {
        let site = FixtureCatalog(folder: folder)
        let seedBytes = try CatalogJSON.encode(seed)
        let seedSHA = SHA256Digest.hex(of: seedBytes)
        try site.write("seeds/\(seedSHA).json", seedBytes)
        for (packId, manifest) in manifests {
            let base = "packs/\(packId)/\(manifest.version)"
            try site.write("\(base)/manifest.json", try CatalogJSON.encode(manifest))
            try site.write("\(base)/pack.tar", Data(repeating: 0, count: 10))
            for asset in manifest.assets {
                try site.write("\(base)/\(asset.url)", Data("fake audio \(asset.assetId)".utf8))
            }
        }
        let catalog = catalog(seedSHA256: seedSHA)
        let html = try CatalogPage.render(
            catalog: catalog, seed: seed, manifests: manifests,
            templatesDirectory: templatesDirectory)
        for (packId, page) in try renderPacks(catalog: catalog) {
            try site.write(CatalogPage.packPagePath(packId: packId), Data(page.utf8))
        }
        try site.write("index.html", Data(html.utf8))
        try site.write("catalog.json", try CatalogJSON.encode(catalog))
        return html
    }

    /// Every `href="…"` and `src="…"` value in `html`, with HTML entities decoded.
    static func links(in html: String) -> [String] {
        let pattern = /\b(?:href|src)\s*=\s*"([^"]*)"/
        return html.matches(of: pattern).map { unescape(String($0.output.1)) }
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

@Suite struct PageSampleTests {
    @Test func publishedSampleHasEveryFileItsManifestsName() throws {
        let tmp = try TemporaryDirectory(prefix: "page-sample")
        try PageSample.publish(into: tmp.url)
        for (packId, manifest) in PageSample.manifests {
            for asset in manifest.assets {
                #expect(FileManager.default.fileExists(atPath: tmp.path("packs/\(packId)/1/\(asset.url)")))
            }
        }
        let catalog = try CatalogJSON.decode(
            CatalogDocument.self, from: Data(contentsOf: tmp.url.appendingPathComponent("catalog.json")),
            file: "catalog.json")
        #expect(FileManager.default.fileExists(atPath: tmp.path(catalog.seed.url)))
        #expect(FileManager.default.fileExists(atPath: tmp.path("index.html")))
        for pack in PageSample.seed.packs {
            #expect(FileManager.default.fileExists(atPath: tmp.path("pages/\(pack.id).html")))
        }
    }
}
