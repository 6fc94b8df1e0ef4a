import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import CatalogPublisher

/// index.html, the top page: every music and pack title, escaped, each pack linking its page;
/// counts per vocabulary value; relative links only.
@Suite struct PageTests {
    let html: String

    init() throws { html = try PageSample.render() }

    /// What Mustache's `{{x}}` makes of a text.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    @Test func showsEveryMusicAndPackTitleAndLinksEachPacksPage() {
        for title in PageSample.music.map(\.title) + [PageSample.forest.title, PageSample.dungeon.title] {
            #expect(html.contains(Self.escaped(title)), "missing title \(title)")
        }
        #expect(html.contains("<title>Soundshelf &lt;Demo&gt; &amp; Friends</title>"))
        #expect(html.contains("Catalog version 3"))
        #expect(html.contains("pl.u-1") && html.contains("pl.u-2"))
        #expect(html.contains("Deep, echoing drones"))
        for pack in [PageSample.forest, PageSample.dungeon] {
            #expect(html.contains("<a href=\"pages/\(pack.id).html\">\(Self.escaped(pack.title))</a>"))
        }
        // Items are on the packs' pages, not here.
        #expect(!html.contains("Owl Calls") && !html.contains("<audio") && !html.contains("Bones on stone"))
    }

    /// The text of a page with every tag removed.
    static func text(_ html: String) -> String { html.replacing(/<[^>]*>/, with: "") }

    @Test func listsPacksWithKindVersionSizeAndCount() {
        // Rainy Forest Night: 600 kB + 200 kB; Dungeon Delve: 600 kB + 3 × 200 kB.
        let text = Self.text(html)
        #expect(text.contains("Rainy Forest Night atmosphere version 1 · 800 kB · 2 items"))
        #expect(text.contains("Dungeon Delve sfx version 1 · 1.2 MB · 4 items"))
        #expect(text.contains("2 playlists · 2 packs · 6 items"))
        #expect(text.contains("generated 2026-11-22 10:00 UTC · expires 2027-05-22 10:00 UTC"))
        #expect(html.contains("<time datetime=\"2026-11-22T10:00:00Z\">"))
    }

    @Test func countsItemsPerVocabularyValueInSortOrder() {
        let values = html.matches(of: /data-dimension="(\w+)" data-count="(\d+)"><span class="name">([^<]*)<\/span>/)
            .map { (String($0.output.1), PageSample.unescape(String($0.output.3)), Int($0.output.2) ?? -1) }
        func counts(_ key: String) -> [String] { values.filter { $0.0 == key }.map { "\($0.1)=\($0.2)" } }
        #expect(counts("locations") == ["Arctic=0", "Forest=2", "Underdark=1"])
        #expect(counts("moods") == ["Calm=1", "Victorious & Jubilant=1", "Ominous=3", "Cozy=0"])
        #expect(counts("musicThemes") == ["Horror / Occult=1"])
        #expect(counts("atmosphereThemes") == ["Nature=1"])
        #expect(counts("sfxThemes") == ["Doors & Mechanisms=2"])
        #expect(counts("creatureTypes") == ["Beast=0", "Undead=1"])
        for dimension in TagDimension.allCases { #expect(html.contains("id=\"vocabulary-\(dimension.rawValue)\"")) }
    }

    @Test func everyLinkIsRelativeAndInsideTheFolder() {
        let uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
        let file = try! Regex("^(catalog\\.json|seeds/[0-9a-f]{64}\\.json|pages/\(uuid)\\.html)$")
        let links = PageSample.links(in: html)
        #expect(links.count >= 2 + 1 + 2 + 4)
        for link in links {
            if link.hasPrefix("#") {
                #expect(html.contains("id=\"\(link.dropFirst())\""), "fragment \(link) has no target")
            } else {
                #expect(link.wholeMatch(of: file) != nil, "unexpected link \(link)")
            }
        }
    }

    @Test func isSelfContainedAndPhoneReady() {
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(html.contains("<meta charset=\"utf-8\">"))
        for external in ["http://", "https://", "<link", "<script", "@import", "url(", "<img", "<iframe"] {
            #expect(!html.contains(external), "page refers to something outside itself: \(external)")
        }
    }

    @Test func missingTemplateNamesThePathAndTheFix() throws {
        let tmp = try TemporaryDirectory(prefix: "no-templates")
        #expect {
            _ = try CatalogPage.render(
                catalog: PageSample.catalog(), seed: PageSample.seed, manifests: [:],
                templatesDirectory: tmp.path())
        } throws: { error in
            let message = String(describing: error)
            return message.contains(tmp.path("index.html.mustache"))
                && message.contains("templates/index.html.mustache")
        }
    }

    @Test func missingPartialIsAnErrorNotASilentGap() throws {
        let tmp = try TemporaryDirectory(prefix: "no-partial")
        try tmp.write("index.html.mustache", "<ul>{{#packs}}{{> page-pack}}{{/packs}}</ul>")
        #expect(throws: CatalogPageError.templateMissing(path: tmp.path("page-pack.mustache"))) {
            _ = try CatalogPage.render(
                catalog: PageSample.catalog(), seed: PageSample.seed, manifests: [:],
                templatesDirectory: tmp.path())
        }
    }

    @Test func invalidTemplateIsReportedWithItsPath() throws {
        let tmp = try TemporaryDirectory(prefix: "bad-templates")
        let path = try tmp.write("index.html.mustache", "{{#packs}}never closed")
        #expect(throws: CatalogPageError.self) {
            _ = try CatalogPage.render(
                catalog: PageSample.catalog(), seed: PageSample.seed, manifests: [:],
                templatesDirectory: tmp.path())
        }
        #expect(CatalogPageError.templateInvalid(path: path, reason: "x").description.contains(path))
    }

    @Test func rendersWithoutManifestsOrOptionalFields() throws {
        var seed = PageSample.seed
        seed.music = []
        let html = try CatalogPage.render(
            catalog: PageSample.catalog(), seed: seed, manifests: [:],
            templatesDirectory: PageSample.templatesDirectory)
        #expect(html.contains("No music in this catalog."))
        #expect(Self.text(html).contains("size unknown · 4 items"))
        #expect(!html.contains("Deep, echoing drones"), "no subtitle leaks from elsewhere")
    }
}
