import CatalogPublisher
import Foundation
import TestSupport
import Testing

/// The published index.html's Credits section: one block per license (by id) with its name, link
/// and terms, the items under it with their credits and source, and non-commercial items marked
/// "NC" where the packs list them.
struct PageCreditsTests {
    @Test func thePageListsCreditsByLicenseAndMarksNonCommercialItems() throws {
        let tmp = try TemporaryDirectory()
        let source = try DemoCatalog.copyCatalog(into: tmp)
        try DemoCatalog.edit(
            "\(source)/packs/dungeon-delve/pack.yaml", replacing: "    title: \"Creaking Door\"\n",
            with:
                "    title: \"Creaking Door\"\n    license: CC-BY-NC-4.0\n    credits: [{name: Nora Night, role: recording}]\n"
                + "    source: https://freesound.org/s/1/\n")
        _ = try CatalogPublisher.publish(PublishOptions(output: tmp.path("dist"), source: source))
        let html = try #require(tmp.read("dist/index.html"))

        #expect(html.contains("<a href=\"#credits\">Credits</a>"))
        let credits = try #require(html.range(of: "<section id=\"credits\">"))
        let nc = try #require(
            html.range(of: "data-license=\"CC-BY-NC-4.0\"", range: credits.upperBound..<html.endIndex))
        let cc0 = try #require(html.range(of: "data-license=\"CC0-1.0\"", range: credits.upperBound..<html.endIndex))
        #expect(nc.lowerBound < cc0.lowerBound, "licenses in id order: CC-BY-NC-4.0 before CC0-1.0")
        let ncBlock = String(html[nc.lowerBound..<cc0.lowerBound])
        #expect(ncBlock.contains("Creative Commons Attribution Non Commercial 4.0 International"))
        #expect(ncBlock.contains("<a href=\"https://creativecommons.org/licenses/by-nc/4.0/\">license text</a>"))
        #expect(ncBlock.contains("attribution required") && ncBlock.contains("non-commercial use only"))
        #expect(
            ncBlock.contains(
                "<strong class=\"credit-title\">Creaking Door</strong> — <span class=\"credit-names\">Nora Night (recording)</span> · source: https://freesound.org/s/1/"
            ))
        let cc0Block = String(html[cc0.lowerBound...])
        #expect(
            cc0Block.contains(
                "<strong class=\"credit-title\">Dawn Chorus</strong> — <span class=\"credit-names\">The Soundshelf project (sound generation)</span>"
            ))
        #expect(!cc0Block.contains("Creaking Door"), "an item is credited under its own license only")

        // In the pack listing, the item's license is shown and the non-commercial one is marked.
        let door = try #require(html.range(of: "<strong>Creaking Door</strong>"))
        let row = String(html[door.lowerBound...].prefix(400))
        #expect(
            row.contains(
                "<span class=\"license\">CC-BY-NC-4.0</span><span class=\"nc\" title=\"Non-commercial use only\">NC</span>"
            ))
        let dawn = try #require(html.range(of: "<strong>Dawn Chorus</strong>"))
        let dawnRow = String(html[dawn.lowerBound...].prefix(400))
        #expect(dawnRow.contains("<span class=\"license\">CC0-1.0</span>") && !dawnRow.contains("class=\"nc\""))
    }
}
