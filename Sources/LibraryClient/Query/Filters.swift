import CatalogFormat
import FacetEngine

/// Tag filters by dimension-value id: OR within a dimension, AND across dimensions; and, with
/// ``installedOnly``, only items whose audio is on the device.
///
/// ```swift
/// var filters = Filters()
/// filters.locationIDs = [forest.id, swamp.id]   // Forest OR Swamp
/// filters.moodIDs = [ominous.id]                // … AND Ominous
/// filters.installedOnly = true                  // … AND installed
/// ```
public struct Filters: Sendable, Hashable, Codable {
    /// Selected locations (any of them).
    public var locationIDs: [Int64]
    /// Selected moods (any of them).
    public var moodIDs: [Int64]
    /// Selected music themes (any of them).
    public var musicThemeIDs: [Int64]
    /// Selected atmosphere themes (any of them).
    public var atmosphereThemeIDs: [Int64]
    /// Selected sound-effect themes (any of them).
    public var sfxThemeIDs: [Int64]
    /// Selected creature types (any of them).
    public var creatureTypeIDs: [Int64]
    /// Only items whose pack is installed (their audio is on the device); lists and facet counts
    /// both honour it. Not part of the encoded form (kept filters are the tag selections).
    public var installedOnly = false
    /// An FTS5 pattern the items must match (a search's words, ``SearchPattern/match``), set by
    /// ``FacetRepository/fetchFacetCounts(kind:filters:matching:)``; not encoded either.
    var searchMatch: String?

    enum CodingKeys: String, CodingKey {
        case locationIDs, moodIDs, musicThemeIDs, atmosphereThemeIDs, sfxThemeIDs, creatureTypeIDs
    }

    /// Filters selecting the given value ids; an empty list leaves its dimension unfiltered.
    public init(
        locationIDs: [Int64] = [], moodIDs: [Int64] = [], musicThemeIDs: [Int64] = [],
        atmosphereThemeIDs: [Int64] = [], sfxThemeIDs: [Int64] = [], creatureTypeIDs: [Int64] = []
    ) {
        self.locationIDs = locationIDs
        self.moodIDs = moodIDs
        self.musicThemeIDs = musicThemeIDs
        self.atmosphereThemeIDs = atmosphereThemeIDs
        self.sfxThemeIDs = sfxThemeIDs
        self.creatureTypeIDs = creatureTypeIDs
    }

    /// The selected ids of one dimension.
    public subscript(dimension: TagDimension) -> [Int64] {
        get {
            switch dimension {
            case .location: locationIDs
            case .mood: moodIDs
            case .musicTheme: musicThemeIDs
            case .atmosphereTheme: atmosphereThemeIDs
            case .sfxTheme: sfxThemeIDs
            case .creatureType: creatureTypeIDs
            }
        }
        set {
            switch dimension {
            case .location: locationIDs = newValue
            case .mood: moodIDs = newValue
            case .musicTheme: musicThemeIDs = newValue
            case .atmosphereTheme: atmosphereThemeIDs = newValue
            case .sfxTheme: sfxThemeIDs = newValue
            case .creatureType: creatureTypeIDs = newValue
            }
        }
    }

    /// Dimensions with at least one selected value.
    public var activeDimensions: [TagDimension] { TagDimension.allCases.filter { !self[$0].isEmpty } }

    /// Whether nothing is filtered: no dimension, not ``installedOnly``, no search.
    public var isEmpty: Bool { activeDimensions.isEmpty && !installedOnly && searchMatch == nil }
}

// The facet index reads a filter through its subscript.
extension Filters: TagSelection {}
