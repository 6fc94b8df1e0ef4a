import CatalogFormat
import Foundation
import Testing

@testable import LibraryClient

/// `Filters.installedOnly` (`--installed`, `installed=1`): lists, searches and facet counts keep only
/// the items whose audio is installed, by both engines, with the tag filters as before.
@Suite struct InstalledOnlyTests {
    @Test(arguments: [Library.QueryMode.sql, .facetIndex])
    func listsSearchesAndCountsKeepOnlyInstalledItems(mode: Library.QueryMode) async throws {
        let h = try Harness(mode: mode)
        try await h.publishAndSync(FilterFacetTests.seed())
        try await UpdateTests().install(h, pack: 100, items: [1, 3])
        let lib = try h.library
        var installed = Filters()
        installed.installedOnly = true
        #expect(!installed.isEmpty)

        let rows = try await lib.items.fetchItems(kind: .sfx, filters: installed, sort: .title)
        #expect(rows.map(\.title) == ["One", "Three"] && rows.allSatisfy(\.isAvailable))
        let all = try await lib.items.fetchItems(kind: .sfx, filters: Filters(), sort: .title)
        #expect(all.count == 5, "without the choice every item is listed")

        var swamp = try await FilterFacetTests().filters(lib, [.location: ["Swamp"]])
        swamp.installedOnly = true
        #expect(try await lib.items.fetchItems(kind: .sfx, filters: swamp, sort: .title).map(\.title) == ["Three"])

        let counts = try await lib.facets.fetchFacetCounts(kind: .sfx, filters: installed)
        let facets = FilterFacetTests()
        #expect(counts.total == 2)
        #expect(facets.counts(counts, .location) == ["Forest": 2, "Swamp": 1])
        #expect(facets.counts(counts, .mood) == ["Ominous": 1, "Cozy": 1])
        #expect(facets.counts(counts, .creatureType) == ["Undead": 1, "Beast": 1])
        let byName = try await lib.facets.fetchFacetCounts(
            kind: .sfx, filterNames: [.location: ["Swamp"]], installedOnly: true)
        #expect(byName.total == 1 && facets.counts(byName, .location) == ["Forest": 2, "Swamp": 1])

        let found = try await lib.items.fetchItems(matching: "t", kind: .sfx, filters: installed)
        #expect(found.map(\.title) == ["Three"], "“Two” matches “t” but is not installed")
        #expect(try await lib.items.fetchItems(kind: .atmosphere, filters: installed).isEmpty)
    }

    @Test(arguments: [Library.QueryMode.sql, .facetIndex])
    func countsWithASearchAreWhatEachChipWouldList(mode: Library.QueryMode) async throws {
        let h = try Harness(mode: mode)
        try await h.publishAndSync(FilterFacetTests.seed())
        let lib = try h.library
        let facets = FilterFacetTests()
        // "t": Two and Three.
        let counts = try await lib.facets.fetchFacetCounts(kind: .sfx, matching: "t")
        #expect(counts.total == 2)
        #expect(facets.counts(counts, .location) == ["Forest": 1, "Swamp": 2])
        #expect(facets.counts(counts, .mood) == ["Ominous": 1, "Cozy": 1])
        let forest = try await facets.filters(lib, [.location: ["Forest"]])
        let narrowed = try await lib.facets.fetchFacetCounts(kind: .sfx, filters: forest, matching: "t")
        #expect(narrowed.total == 1, "Three alone is in the Forest")
        #expect(facets.counts(narrowed, .location) == ["Forest": 1, "Swamp": 2], "a dimension ignores its own choice")
        for value in narrowed.facets[.location] ?? [] {
            let listed = try await lib.items.fetchItems(
                matching: "t", kind: .sfx, filters: Filters(locationIDs: [value.id]))
            #expect(listed.count == value.count, "a click on \(value.name) lists what its chip counts")
        }
        await #expect(throws: LibraryClientError.emptySearch) {
            try await lib.facets.fetchFacetCounts(kind: .sfx, matching: "  !  ")
        }
    }

    @Test func theChoiceIsNotPartOfTheEncodedFilters() throws {
        var filters = Filters(locationIDs: [4])
        filters.installedOnly = true
        let decoded = try JSONDecoder().decode(Filters.self, from: JSONEncoder().encode(filters))
        #expect(decoded.locationIDs == [4] && !decoded.installedOnly)
        let old = try JSONDecoder().decode(
            Filters.self,
            from: Data(
                #"{"locationIDs":[1],"moodIDs":[],"musicThemeIDs":[],"atmosphereThemeIDs":[],"sfxThemeIDs":[],"creatureTypeIDs":[]}"#
                    .utf8))
        #expect(old.locationIDs == [1] && !old.installedOnly)
    }
}
