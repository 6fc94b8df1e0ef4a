import CatalogFormat

/// Small integer ordinals for the schema's enums, used as array indices by the facet index.
extension Kind {
    /// 0, 1, 2 in `allCases` order.
    package var facetOrdinal: Int {
        switch self {
        case .music: 0
        case .atmosphere: 1
        case .sfx: 2
        }
    }

    /// The kind for an ordinal from ``facetOrdinal``.
    package init?(facetOrdinal: Int) {
        switch facetOrdinal {
        case 0: self = .music
        case 1: self = .atmosphere
        case 2: self = .sfx
        default: return nil
        }
    }

    /// Ordinals of ``dimensions``.
    package var facetDimensionOrdinals: [Int] { dimensions.map(\.facetOrdinal) }

    /// Bit d set when this kind may use dimension ordinal d.
    package var facetAllowedMask: UInt32 { FacetSlots.allowedMasks[facetOrdinal] }
}

extension TagDimension {
    /// 0 ..< 6 in `allCases` order.
    package var facetOrdinal: Int {
        switch self {
        case .location: 0
        case .mood: 1
        case .musicTheme: 2
        case .atmosphereTheme: 3
        case .sfxTheme: 4
        case .creatureType: 5
        }
    }

    /// The dimension for an ordinal from ``facetOrdinal``.
    package init?(facetOrdinal: Int) {
        guard TagDimension.allCases.indices.contains(facetOrdinal) else { return nil }
        self = TagDimension.allCases[facetOrdinal]
    }

    /// Number of dimensions.
    package static let facetCount = 6
}
