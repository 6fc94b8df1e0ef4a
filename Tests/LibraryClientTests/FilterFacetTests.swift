import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// Scenario 2: filtering by location + mood + theme returns the right sets and facet counts.
@Suite struct FilterFacetTests {
    static let vocabulary: [TagDimension: [String]] = [
        .location: ["Forest", "Swamp", "Underdark"], .mood: ["Ominous", "Cozy"],
        .sfxTheme: ["Magic", "Footsteps"], .creatureType: ["Undead", "Beast"],
    ]

    static func seed() -> Seed {
        SeedFactory.seed(
            version: 1, vocabulary: vocabulary,
            packs: [
                SeedFactory.pack(
                    100, "mixed", kind: .sfx,
                    items: [
                        SeedFactory.item(
                            1, "One",
                            tags: TagSet(
                                locations: ["Forest"], moods: ["Ominous"], themes: ["Magic"], creatureTypes: ["Undead"])
                        ),
                        SeedFactory.item(
                            2, "Two", tags: TagSet(locations: ["Swamp"], moods: ["Ominous"], themes: ["Footsteps"])),
                        SeedFactory.item(
                            3, "Three",
                            tags: TagSet(
                                locations: ["Forest", "Swamp"], moods: ["Cozy"], themes: ["Footsteps"],
                                creatureTypes: ["Beast"])),
                        SeedFactory.item(
                            4, "Four",
                            tags: TagSet(
                                locations: ["Underdark"], moods: ["Ominous"], themes: ["Magic"],
                                creatureTypes: ["Beast"])),
                        SeedFactory.item(5, "Five"),
                    ]),
                SeedFactory.pack(
                    200, "woods", kind: .atmosphere,
                    items: [
                        SeedFactory.item(6, "Woods", tags: TagSet(locations: ["Forest"], moods: ["Ominous"]))
                    ]),
            ])
    }

    func filters(_ lib: Library, _ names: [TagDimension: [String]]) async throws -> Filters {
        try await lib.resolver.resolve(names)
    }

    func counts(_ counts: FacetCounts, _ dim: TagDimension) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: (counts.facets[dim] ?? []).map { ($0.name, $0.count) })
    }

    @Test(arguments: [Library.QueryMode.sql, .facetIndex])
    func orWithinAndAcrossDimensions(mode: Library.QueryMode) async throws {
        let h = try Harness(mode: mode)
        try await h.publishAndSync(Self.seed())
        let lib = try h.library
        let either = try await filters(lib, [.location: ["forest", "SWAMP"]])
        let rows = try await lib.items.fetchItems(kind: .sfx, filters: either, sort: .title)
        #expect(h.ids(rows) == [tid(1), tid(2), tid(3)])
        let both = try await filters(lib, [.location: ["Forest", "Swamp"], .mood: ["Ominous"]])
        #expect(h.ids(try await lib.items.fetchItems(kind: .sfx, filters: both, sort: .title)) == [tid(1), tid(2)])
        let three = try await filters(lib, [.location: ["Forest", "Swamp"], .mood: ["Ominous"], .sfxTheme: ["Magic"]])
        #expect(try await lib.items.fetchItems(kind: .sfx, filters: three, sort: .title).map(\.id) == [tid(1)])
        let page = try await lib.items.fetchItems(
            kind: .sfx, filters: Filters(), sort: .title, page: PageRequest(limit: 2, offset: 1))
        #expect(page.total == 5)
        #expect(page.items.map(\.title) == ["Four", "One"])
    }

    @Test(arguments: [Library.QueryMode.sql, .facetIndex])
    func facetsAreDisjunctive(mode: Library.QueryMode) async throws {
        let h = try Harness(mode: mode)
        try await h.publishAndSync(Self.seed())
        let lib = try h.library
        let selected = try await filters(lib, [.location: ["Forest", "Swamp"], .mood: ["Ominous"]])
        let facets = try await lib.facets.fetchFacetCounts(kind: .sfx, filters: selected)
        #expect(facets.total == 2)
        #expect(counts(facets, .location) == ["Forest": 1, "Swamp": 1, "Underdark": 1])
        #expect(counts(facets, .mood) == ["Ominous": 2, "Cozy": 1])
        #expect(counts(facets, .sfxTheme) == ["Magic": 1, "Footsteps": 1])
        #expect(counts(facets, .creatureType) == ["Undead": 1])  // Beast has 0 and is left out
        #expect(Set(facets.facets.keys) == Set(Kind.sfx.dimensions))
        #expect(facets.facets[.location]?.map(\.name) == ["Forest", "Swamp", "Underdark"])  // sort_order

        let none = try await lib.facets.fetchFacetCounts(kind: .sfx, filters: Filters())
        #expect(none.total == 5)
        #expect(counts(none, .location) == ["Forest": 2, "Swamp": 2, "Underdark": 1])
        let atmosphere = try await lib.facets.fetchFacetCounts(kind: .atmosphere, filters: Filters())
        #expect(atmosphere.total == 1 && counts(atmosphere, .location) == ["Forest": 1])
        #expect(atmosphere.facets[.creatureType] == nil)
    }

    @Test func unknownFilterNamesAreErrorsWithAHint() async throws {
        let h = try Harness()
        try await h.publishAndSync(Self.seed())
        let lib = try h.library
        await #expect(
            throws: LibraryClientError.unknownTag(dimension: .location, name: "Forrest", suggestion: "Forest")
        ) {
            _ = try await lib.resolver.resolve([.location: ["Forrest"]])
        }
        await #expect(throws: LibraryClientError.unknownTag(dimension: .mood, name: "Jolly", suggestion: nil)) {
            _ = try await lib.resolver.resolve([.mood: ["Jolly"]])
        }
        await #expect(throws: LibraryClientError.unknownTagID(dimension: .mood, id: 999)) {
            _ = try await lib.resolver.resolve([.mood: ["999"]])
        }
        let forestID = try await lib.resolver.resolve([.location: ["Forest"]]).locationIDs
        #expect(try await lib.resolver.resolve([.location: ["\(forestID[0])"]]).locationIDs == forestID)
        #expect(
            LibraryClientError.unknownTag(dimension: .location, name: "Forrest", suggestion: "Forest").description
                == "unknown location 'Forrest'; did you mean 'Forest'?")
    }

    @Test func searchIsPrefixCaseAndDiacriticInsensitive() async throws {
        let h = try Harness()
        let seed = SeedFactory.seed(
            version: 1, music: [SeedFactory.music(1, "Café Élysée", subtitle: "Soirée musicale")],
            packs: [
                SeedFactory.pack(
                    2, "dragons", kind: .sfx, title: "Dragon Lair",
                    items: [SeedFactory.item(3, "Roar"), SeedFactory.item(4, "Wing Flap")])
            ])
        try await h.publishAndSync(seed)
        let items = try h.library.items
        #expect(try await items.fetchItems(matching: "cafe", kind: nil, filters: Filters()).map(\.id) == [tid(1)])
        #expect(try await items.fetchItems(matching: "ELYS soir", kind: nil, filters: Filters()).map(\.id) == [tid(1)])
        #expect(
            Set(try await items.fetchItems(matching: "drag", kind: .sfx, filters: Filters()).map(\.id)) == [
                tid(3), tid(4),
            ])
        #expect(try await items.fetchItems(matching: "drag", kind: .music, filters: Filters()).isEmpty)
        #expect(try await items.fetchItems(matching: "wing\"* (", kind: nil, filters: Filters()).map(\.id) == [tid(4)])
        #expect(try await items.fetchItems(matching: "wing\" OR * NEAR(", kind: nil, filters: Filters()).isEmpty)
        await #expect(throws: LibraryClientError.emptySearch) {
            _ = try await items.fetchItems(matching: " *** ", kind: nil, filters: Filters())
        }
    }
}
