import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// Each item's license, credits and source stored from the seed and read back: the credits screen
/// grouped by license, the item detail, and updates that change, remove or hide them.
@Suite struct CreditsTests {
    static let jane = Credit(name: "Jane Field", role: "recording", url: "https://example.org/jane")

    static func seed(doorLicense: String = "CC-BY-NC-4.0", keepFive: Bool = true) -> Seed {
        var seed = FilterFacetTests.seed()
        let licensed: [(Int, String, [Credit]?)] = [
            (0, "CC-BY-4.0", [jane]), (1, doorLicense, [Credit(name: "Nora")]), (2, "CC0-1.0", nil),
            (3, "CC-BY-4.0", [jane]),
        ]
        for (i, license, credits) in licensed {
            seed.packs[0].items[i].attribution = Attribution(
                license: license, credits: credits, source: "https://s/\(i)")
        }
        if keepFive { seed.packs[0].items[4].attribution = Attribution(credits: [Credit(name: "Anonymous")]) }
        return seed
    }

    @Test func creditsAreGroupedByLicenseAndFollowUpdates() async throws {
        let h = try Harness()
        try await h.publishAndSync(Self.seed())
        let sections = try await h.library.items.fetchCredits()
        #expect(sections.map(\.license) == ["CC-BY-4.0", "CC-BY-NC-4.0", "CC0-1.0", nil])
        #expect(sections[0].items.map(\.title) == ["Four", "One"], "items by title")
        #expect(sections[0].items.first?.credits == [Self.jane] && sections[0].attributionRequired == true)
        #expect(sections[1].commercialUse == false && sections[1].name.contains("Non Commercial"))
        #expect(sections[3].name == "No license stated" && sections[3].items.map(\.title) == ["Five"])
        let detail = try await h.library.items.fetchItemDetail(itemID: tid(2))
        #expect(
            detail.license == "CC-BY-NC-4.0" && detail.credits == [Credit(name: "Nora")]
                && detail.source == "https://s/1")

        // v2: "Two" moves to CC0, "Five" loses its credits, "Woods" gains a studio license.
        var v2 = Self.seed(doorLicense: "CC0-1.0", keepFive: false)
        v2.packs[1].items[0].attribution = Attribution(license: "LicenseRef-Studio")
        try await h.publishAndSync(v2, version: 2)
        let updated = try await h.reopen().items.fetchCredits()
        #expect(updated.map(\.license) == ["CC-BY-4.0", "CC0-1.0", "LicenseRef-Studio"])
        #expect(updated[1].items.map(\.title) == ["Three", "Two"])
        #expect(updated[2].name == "Studio" && updated[2].url == nil && updated[2].attributionRequired == nil)
        #expect(try await h.reopen().items.fetchItemDetail(itemID: tid(5)).license == nil)

        // Installed only: none yet.
        #expect(try await h.reopen().items.fetchCredits(installedOnly: true).isEmpty)
    }
}
