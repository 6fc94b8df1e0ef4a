import CatalogFormat

/// What the index needs of a filter: the value ids selected in each dimension (any of them within
/// one dimension, all dimensions together). The library's `Filters` is one; ``SelectedTags`` is
/// the plain one.
package protocol TagSelection {
    /// The selected ids of `dimension`; empty leaves it unfiltered.
    subscript(dimension: TagDimension) -> [Int64] { get }
}

/// Value ids selected per dimension.
///
/// ```swift
/// index.counts(kind: .sfx, filters: SelectedTags(locationIDs: [forest], moodIDs: [eerie]))
/// ```
package struct SelectedTags: TagSelection, Sendable, Hashable {
    private var ids: [TagDimension: [Int64]] = [:]

    package init(
        locationIDs: [Int64] = [], moodIDs: [Int64] = [], musicThemeIDs: [Int64] = [],
        atmosphereThemeIDs: [Int64] = [], sfxThemeIDs: [Int64] = [], creatureTypeIDs: [Int64] = []
    ) {
        ids = [
            .location: locationIDs, .mood: moodIDs, .musicTheme: musicThemeIDs,
            .atmosphereTheme: atmosphereThemeIDs, .sfxTheme: sfxThemeIDs, .creatureType: creatureTypeIDs,
        ]
    }

    package subscript(dimension: TagDimension) -> [Int64] {
        get { ids[dimension] ?? [] }
        set { ids[dimension] = newValue }
    }
}
