import CatalogPublisher
import Foundation
import TestSupport
import Testing

/// The published Credits: on index.html one block per license (by id) with its name, link, terms,
/// how many items it covers and who is credited; on each pack's page the pack's items under their
/// license with their credits and source, and non-commercial items marked "NC" in the listing.
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
        let top = try #require(tmp.read("dist/index.html"))
        let dungeonId = "a731dff3-4c29-42a8-b2ee-35179ce591f7"
        let page = try #require(tmp.read("dist/pages/\(dungeonId).html"))

        // The top page: a block per license with its terms, how much it covers and who is credited.
        #expect(top.contains("<a href=\"#credits\">Credits</a>"))
        let credits = try #require(top.range(of: "<section id=\"credits\">"))
        let nc = try #require(
            top.range(of: "data-license=\"CC-BY-NC-4.0\"", range: credits.upperBound..<top.endIndex))
        let cc0 = try #require(top.range(of: "data-license=\"CC0-1.0\"", range: credits.upperBound..<top.endIndex))
        #expect(nc.lowerBound < cc0.lowerBound, "licenses in id order: CC-BY-NC-4.0 before CC0-1.0")
        let ncBlock = String(top[nc.lowerBound..<cc0.lowerBound])
        #expect(ncBlock.contains("Creative Commons Attribution Non Commercial 4.0 International"))
        #expect(ncBlock.contains("<span class=\"nc\" title=\"Non-commercial use only\">NC</span>"))
        #expect(ncBlock.contains("<a href=\"https://creativecommons.org/licenses/by-nc/4.0/\">license text</a>"))
        #expect(ncBlock.contains("attribution required") && ncBlock.contains("non-commercial use only"))
        #expect(ncBlock.contains("1 item in 1 pack"))
        #expect(ncBlock.contains("<p class=\"credit-names\">Nora Night (recording)</p>"))
        #expect(String(top[cc0.lowerBound...]).contains("The Soundshelf project (sound generation)"))

        // The pack's page: its credited items under their license, with credits and source.
        let packCredits = try #require(page.range(of: "<section id=\"credits\">"))
        let ncOnPage = try #require(
            page.range(of: "data-license=\"CC-BY-NC-4.0\"", range: packCredits.upperBound..<page.endIndex))
        let cc0OnPage = try #require(
            page.range(of: "data-license=\"CC0-1.0\"", range: packCredits.upperBound..<page.endIndex))
        let ncSection = String(page[ncOnPage.lowerBound..<cc0OnPage.lowerBound])
        #expect(
            ncSection.contains(
                "<strong class=\"credit-title\">Creaking Door</strong> — <span class=\"credit-names\">Nora Night (recording)</span> · source: https://freesound.org/s/1/"
            ))
        #expect(
            !String(page[cc0OnPage.lowerBound...]).contains("Creaking Door"),
            "an item is credited under its own license only")
        let forest = try #require(tmp.read("dist/pages/\(try forestId(source)).html"))
        #expect(
            forest.contains(
                "<strong class=\"credit-title\">Dawn Chorus</strong> — <span class=\"credit-names\">The Soundshelf project (sound generation)</span>"
            ))

        // In the item listing, the item's license is shown and the non-commercial one is marked.
        let door = try #require(page.range(of: "<strong>Creaking Door</strong>"))
        let row = String(page[door.lowerBound...].prefix(400))
        #expect(
            row.contains(
                "<span class=\"license\">CC-BY-NC-4.0</span><span class=\"nc\" title=\"Non-commercial use only\">NC</span>"
            ))
        let dawn = try #require(forest.range(of: "<strong>Dawn Chorus</strong>"))
        let dawnRow = String(forest[dawn.lowerBound...].prefix(400))
        #expect(dawnRow.contains("<span class=\"license\">CC0-1.0</span>") && !dawnRow.contains("class=\"nc\""))
    }

    /// The forest-ambience pack's id, from its pack.yaml.
    func forestId(_ source: String) throws -> String {
        let text = try String(contentsOfFile: "\(source)/packs/forest-ambience/pack.yaml", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("id: ") })
        return String(line.dropFirst(4))
    }
}
