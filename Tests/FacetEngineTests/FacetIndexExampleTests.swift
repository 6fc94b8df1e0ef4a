import CatalogModel
import Testing

@testable import FacetEngine

/// Six hand-built items whose answers are worked out by hand.
@Suite struct FacetIndexExampleTests {
    // Value ids (rowids of the dimension tables).
    static let forest: Int64 = 10, swamp: Int64 = 11, city: Int64 = 12
    static let calm: Int64 = 20, eerie: Int64 = 21
    static let epic: Int64 = 30, nature: Int64 = 40, footsteps: Int64 = 41
    static let wolf: Int64 = 50, bird: Int64 = 51, drone: Int64 = 60

    static let rows: [FacetTestRow] = [
        FacetTestRow(
            item: 0, kind: .sfx, visible: true,
            tags: [.location: [forest], .mood: [eerie], .sfxTheme: [nature], .creatureType: [wolf]]),
        FacetTestRow(
            item: 1, kind: .sfx, visible: true,
            tags: [.location: [swamp], .mood: [eerie], .sfxTheme: [nature], .creatureType: [bird]]),
        FacetTestRow(
            item: 2, kind: .sfx, visible: true,
            tags: [.location: [forest, city], .mood: [calm], .sfxTheme: [footsteps]]),
        FacetTestRow(
            item: 3, kind: .sfx, visible: false,
            tags: [.location: [forest], .mood: [eerie], .sfxTheme: [nature], .creatureType: [wolf]]),
        FacetTestRow(
            item: 4, kind: .music, visible: true,
            tags: [.location: [forest], .mood: [calm], .musicTheme: [epic]]),
        FacetTestRow(
            item: 5, kind: .atmosphere, visible: true,
            tags: [.location: [swamp], .mood: [eerie], .atmosphereTheme: [drone]]),
    ]

    let index = FacetIndex.build(Self.rows)

    func allStrategies(_ kind: Kind, _ filters: SelectedTags) -> RawFacetCounts {
        let results = FacetIndex.CountingStrategy.allCases.map {
            index.counts(kind: kind, filters: filters, strategy: $0)
        }
        #expect(results.allSatisfy { $0 == results[0] }, "strategies disagree: \(results)")
        return results[0]
    }

    @Test func noFiltersCountsVisibleItemsOfTheKind() {
        let raw = allStrategies(.sfx, SelectedTags())
        #expect(raw.total == 3)  // item 3 is hidden
        #expect(
            raw.counts == [
                .location: [Self.forest: 2, Self.swamp: 1, Self.city: 1],
                .mood: [Self.eerie: 2, Self.calm: 1],
                .sfxTheme: [Self.nature: 2, Self.footsteps: 1],
                .creatureType: [Self.wolf: 1, Self.bird: 1],
            ])
        #expect(index.matching(kind: .sfx, filters: SelectedTags()) == [0, 1, 2])
        #expect(
            allStrategies(.music, SelectedTags())
                == RawFacetCounts(
                    total: 1,
                    counts: [
                        .location: [Self.forest: 1], .mood: [Self.calm: 1], .musicTheme: [Self.epic: 1],
                    ]))
    }

    @Test func valuesOfOneDimensionOr() {
        let filters = SelectedTags(locationIDs: [Self.forest, Self.swamp])
        #expect(index.matching(kind: .sfx, filters: filters) == [0, 1, 2])
        #expect(index.matchCount(kind: .sfx, filters: filters) == 3)
        #expect(index.matching(kind: .sfx, filters: SelectedTags(locationIDs: [Self.city])) == [2])
    }

    @Test func dimensionsAndAndCountsAreDisjunctive() {
        let filters = SelectedTags(locationIDs: [Self.forest], moodIDs: [Self.eerie])
        #expect(index.matching(kind: .sfx, filters: filters) == [0])
        let raw = allStrategies(.sfx, filters)
        #expect(raw.total == 1)
        // Location counts apply only the mood filter: swamp keeps its count beside forest.
        #expect(raw.counts[.location] == [Self.forest: 1, Self.swamp: 1])
        // Mood counts apply only the location filter: calm (item 2 in the forest) still shows.
        #expect(raw.counts[.mood] == [Self.eerie: 1, Self.calm: 1])
        // Other dimensions apply both; zero counts (footsteps, bird, city) are left out.
        #expect(raw.counts[.sfxTheme] == [Self.nature: 1])
        #expect(raw.counts[.creatureType] == [Self.wolf: 1])
    }

    @Test func hiddenItemsCountOnceShown() {
        var shown = index
        shown.setVisible(item: 3, true)
        #expect(shown.counts(kind: .sfx, filters: SelectedTags()).counts[.location]?[Self.forest] == 3)
        #expect(shown.matching(kind: .sfx, filters: SelectedTags(creatureTypeIDs: [Self.wolf])) == [0, 3])
        #expect(index.matching(kind: .sfx, filters: SelectedTags(creatureTypeIDs: [Self.wolf])) == [0])
    }

    /// A filter on a dimension the kind may not use matches nothing (documented on FacetIndex).
    @Test func filterOnAForeignDimensionMatchesNothing() {
        let filters = SelectedTags(creatureTypeIDs: [Self.wolf])
        for strategy in FacetIndex.CountingStrategy.allCases {
            #expect(
                index.counts(kind: .music, filters: filters, strategy: strategy)
                    == RawFacetCounts(
                        total: 0, counts: [.location: [:], .mood: [:], .musicTheme: [:]]))
        }
        #expect(index.matching(kind: .music, filters: filters).isEmpty)
        #expect(index.matchCount(kind: .atmosphere, filters: SelectedTags(sfxThemeIDs: [Self.nature])) == 0)
    }

    @Test func unknownValueSelectsNothingButOwnDimensionStillCounts() {
        let raw = allStrategies(.sfx, SelectedTags(locationIDs: [999]))
        #expect(raw.total == 0)
        #expect(raw.counts[.location] == [Self.forest: 2, Self.swamp: 1, Self.city: 1])
        #expect(raw.counts[.mood] == [:])
        #expect(allStrategies(.sfx, SelectedTags(locationIDs: [999, Self.swamp])).total == 1)
    }

    @Test func tagsOfForeignDimensionsAreIgnored() {
        var builder = FacetIndex.Builder()
        builder.add(
            item: 0, kind: .music, visible: true, tags: [.creatureType: [Self.wolf], .mood: [Self.calm, Self.calm]])
        let index = builder.build()
        #expect(index.tags(of: 0) == [.mood: [Self.calm]])
        #expect(index.counts(kind: .music, filters: SelectedTags()).counts[.mood] == [Self.calm: 1])
        #expect(index.counts(kind: .sfx, filters: SelectedTags()) == .empty(kind: .sfx))
    }
}
