import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import CatalogPublisher

/// pages/<packId>.html: a pack's items in sort order with durations, tags, previews and credits,
/// every title escaped, links relative to the pages folder; the page names its inputs so a
/// publish renders it again only when they change.
@Suite struct PackPageTests {
    let pages: [String: String]

    init() throws { pages = try PageSample.renderPacks() }

    var forest: String { pages[PageSample.forest.id] ?? "" }
    var dungeon: String { pages[PageSample.dungeon.id] ?? "" }

    @Test func showsThePackAndEveryItemTitleEscaped() {
        for pack in [PageSample.forest, PageSample.dungeon] {
            let page = pages[pack.id] ?? ""
            for title in [pack.title] + pack.items.map(\.title) {
                #expect(page.contains(PageTests.escaped(title)), "missing title \(title)")
            }
            #expect(
                page.contains("<title>\(PageTests.escaped(pack.title)) · Soundshelf &lt;Demo&gt; &amp; Friends</title>")
            )
            #expect(page.contains("<a href=\"../index.html\">← Soundshelf &lt;Demo&gt; &amp; Friends</a>"))
        }
        #expect(dungeon.contains("Doors, traps &amp; things that &lt;skitter&gt;."))
        #expect(dungeon.contains("Bones on stone"))
        #expect(!dungeon.lowercased().contains("<script"))
        #expect(dungeon.contains("&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt;"))
        #expect(!forest.contains("Creaking Door"), "a page holds its own pack only")
        #expect(PageTests.text(dungeon).contains("sfx version 1 · 1.2 MB · 4 items"))
    }

    @Test func listsItemsInSortOrderWithDurationsAndTags() throws {
        let owl = try #require(forest.range(of: "Owl Calls"))
        let rain = try #require(forest.range(of: "Gentle Rain"))
        #expect(owl.lowerBound < rain.lowerBound, "sortOrder 0 comes first")
        #expect(forest.contains("<strong>Gentle Rain</strong><span class=\"dur\">1:35</span>"))
        #expect(forest.contains("<strong>Owl Calls</strong><span class=\"dur\">12.5 s</span>"))
        #expect(
            dungeon.contains("<span class=\"dim\">sfx theme</span> <span class=\"chip\">Doors &amp; Mechanisms</span>"))
        #expect(dungeon.contains("<span class=\"dim\">creature type</span> <span class=\"chip\">Undead</span>"))
    }

    @Test func previewsEveryItemsAudioFromThePagesFolder() {
        for (packId, manifest) in PageSample.manifests {
            let page = pages[packId] ?? ""
            let audio = page.matches(of: /<audio controls preload="none" src="([^"]+)"><\/audio>/).map {
                String($0.output.1)
            }
            #expect(audio.count == manifest.assets.count)
            for asset in manifest.assets { #expect(audio.contains("../packs/\(packId)/1/\(asset.url)")) }
        }
    }

    @Test func everyLinkIsRelativeAndInsideTheFolder() {
        let uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
        let file = try! Regex(
            "^\\.\\./(index\\.html|packs/\(uuid)/[0-9]+/(manifest\\.json|pack\\.tar|assets/\(uuid)\\.[a-z0-9]+))$")
        for page in pages.values {
            let links = PageSample.links(in: page)
            #expect(links.count >= 2 + 2 + 2)
            for link in links {
                if link.hasPrefix("#") {
                    #expect(page.contains("id=\"\(link.dropFirst())\""), "fragment \(link) has no target")
                } else {
                    #expect(link.wholeMatch(of: file) != nil, "unexpected link \(link)")
                }
            }
            #expect(page.hasPrefix("<!DOCTYPE html>"))
            for external in ["http://", "https://", "<link", "<script", "@import", "url(", "<img", "<iframe"] {
                #expect(!page.contains(external), "page refers to something outside itself: \(external)")
            }
        }
    }

    @Test func theKeyChangesWithThePackTheCatalogTitleAndTheTemplatesOnly() throws {
        let pages = try CatalogPage(templatesDirectory: PageSample.templatesDirectory)
        let catalog = PageSample.catalog()
        let listing = PackListing(entry: catalog.packs[1], seedPack: PageSample.dungeon)
        let manifest = PageSample.manifests[PageSample.dungeon.id]
        let key = pages.packPageKey(listing, manifest: manifest, catalogTitle: catalog.title)
        #expect(dungeon.contains("<meta name=\"generator\" content=\"Soundshelf pack page \(key)\">"))

        var newer = catalog
        newer.catalogVersion = 4
        newer.generatedAt = "2026-12-01T10:00:00Z"
        let samePage = try PageSample.renderPacks(catalog: newer)[PageSample.dungeon.id]
        #expect(samePage == dungeon, "a new catalog version alone leaves the page as it was")

        var retitled = PageSample.dungeon
        retitled.items[0].title = "Groaning Door"
        let changedItem = PackListing(entry: catalog.packs[1], seedPack: retitled)
        #expect(pages.packPageKey(changedItem, manifest: manifest, catalogTitle: catalog.title) != key)
        #expect(pages.packPageKey(listing, manifest: manifest, catalogTitle: "Another title") != key)

        let custom = try TemporaryDirectory(prefix: "pack-template")
        for name in ["index.html.mustache", "page-style.mustache", "page-tags.mustache"] {
            try custom.write(
                name, try String(contentsOfFile: PageSample.templatesDirectory + "/" + name, encoding: .utf8))
        }
        try custom.write("pack.html.mustache", "<h1>{{title}}</h1>{{#items}}<p>{{title}}</p>{{/items}}")
        let customPages = try CatalogPage(templatesDirectory: custom.path())
        #expect(customPages.packPageKey(listing, manifest: manifest, catalogTitle: catalog.title) != key)
        #expect(
            customPages.renderPack(listing, manifest: manifest, catalogTitle: catalog.title)
                == "<h1>Dungeon Delve</h1><p>Creaking Door</p><p>&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt;</p>"
                + "<p>Skeleton Rattle</p><p>An-Extraordinarily-Long-Unbroken-Title-That-Must-Wrap-On-A-Phone-Screen</p>"
        )
    }

    @Test func aTemplatesFolderWithoutAPackTemplateGetsTheBuiltInPackPage() throws {
        let custom = try TemporaryDirectory(prefix: "top-only")
        try custom.write("index.html.mustache", "<h1>{{title}}</h1>")
        let page = try CatalogPage(templatesDirectory: custom.path()).renderPack(
            packId: PageSample.dungeon.id, catalog: PageSample.catalog(), seed: PageSample.seed,
            manifest: PageSample.manifests[PageSample.dungeon.id])
        #expect(page == dungeon)
    }

    /// A thousand packs of a hundred items: the top page stays under 256 KB (it lists packs, not
    /// items), and its size does not change when every pack holds ten times the items.
    @Test func theTopPageGrowsWithThePacksNotTheItems() throws {
        func page(itemsPerPack: Int) throws -> Int {
            var packs: [Seed.Pack] = []
            var entries: [CatalogDocument.PackEntry] = []
            for p in 0..<1_000 {
                var pack = SeedFactory.pack(
                    p, UUID().uuidString.lowercased(), kind: p % 3 == 0 ? .atmosphere : .sfx,
                    title: "Pack \(p): Rain on a Tin Roof at Night", items: [])
                pack.id = UUID().uuidString.lowercased()
                pack.items = (0..<itemsPerPack).map { i in
                    var item = SeedFactory.item(
                        p * 10_000 + i, "Item \(i)", order: i, duration: 30,
                        tags: TagSet(locations: ["Forest"], moods: ["Calm"]))
                    item.id = UUID().uuidString.lowercased()
                    item.license = "CC-BY-4.0"
                    return item
                }
                packs.append(pack)
                let folder = "packs/\(pack.id)/1"
                entries.append(
                    .init(
                        id: pack.id, slug: pack.slug, kind: pack.kind, title: pack.title, version: 1,
                        manifest: FileReference(
                            url: "\(folder)/manifest.json", sha256: String(repeating: "0", count: 64), bytes: 1),
                        archive: nil))
            }
            var catalog = PageSample.catalog()
            catalog.packs = entries
            let seed = SeedFactory.seed(version: 3, vocabulary: [:], music: PageSample.music, packs: packs)
            return try CatalogPage.render(catalog: catalog, seed: seed, manifests: [:]).utf8.count
        }
        let small = try page(itemsPerPack: 10)
        let large = try page(itemsPerPack: 100)
        #expect(large <= 256 * 1_024, "the top page of 1,000 packs is \(large) bytes")
        // Only the counts' digits differ (a byte a pack, a few in the tag counts).
        #expect(large - small <= 2 * 1_000, "10 → 100 items a pack grew the top page from \(small) to \(large) bytes")
    }
}
