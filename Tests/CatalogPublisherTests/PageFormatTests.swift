import Mustache
import Testing

@testable import CatalogPublisher

/// Sizes, durations and link resolution used by the catalog page.
@Suite struct PageFormatTests {
    @Test(
        arguments: [
            (0, "0 bytes"), (1, "1 byte"), (999, "999 bytes"), (1_500, "1.5 kB"),
            (1_234_567, "1.2 MB"), (800_000, "800 kB"), (999_960, "1.0 MB"),
            (123_456_789, "123 MB"), (3_000_000_000, "3.0 GB"),
        ] as [(Int64, String)])
    func sizes(bytes: Int64, text: String) {
        #expect(PageFormat.size(bytes) == text)
    }

    @Test(
        arguments: [(2.5, "2.5 s"), (3, "3 s"), (59.4, "59.4 s"), (75, "1:15"), (3600, "1:00:00"), (-1, "")]
            as [(Double, String)])
    func durations(seconds: Double, text: String) {
        #expect(PageFormat.duration(seconds) == text)
    }

    @Test func timestampsReadLikeDates() {
        #expect(PageFormat.timestamp("2026-11-22T10:00:00Z") == "2026-11-22 10:00 UTC")
        #expect(PageFormat.timestamp("2026-11-22T10:00:00.250Z") == "2026-11-22 10:00 UTC")
        #expect(PageFormat.timestamp("yesterday") == "yesterday")
    }

    @Test func linksResolveInsideTheFolderOnly() {
        let manifest = "packs/p/1/manifest.json"
        #expect(PageLinks.resolve("assets/a.aac", against: manifest) == "packs/p/1/assets/a.aac")
        #expect(PageLinks.resolve("./assets/../assets/a.aac", against: manifest) == "packs/p/1/assets/a.aac")
        #expect(
            PageLinks.resolve("https://cdn.example.com/a.aac", against: manifest) == "https://cdn.example.com/a.aac")
        #expect(PageLinks.resolve("../../../../etc/passwd", against: manifest) == nil)
        #expect(PageLinks.resolve("/etc/passwd", against: manifest) == nil)
        #expect(PageLinks.resolve("file:///etc/passwd", against: manifest) == nil)
        #expect(PageLinks.resolve("javascript:alert(1)") == nil)
        #expect(PageLinks.resolve("catalog.json") == "catalog.json")
    }

    @Test func mustacheEscapesHTMLInVariablesButNotInTripleMustaches() throws {
        struct View { var text: String }
        let rendered = try MustacheTemplate(string: "{{text}}|{{{text}}}").render(View(text: "<b>&\"'"))
        #expect(rendered == "&lt;b&gt;&amp;&quot;&#39;|<b>&\"'")
    }
}
