import CatalogFormat

/// The (kind, dimension) pairs that have posting lists: every kind with each of its dimensions.
///
/// ```swift
/// FacetSlots.slot(kind: 2, dimension: 5)   // sfx × creature type
/// FacetSlots.slot(kind: 0, dimension: 5)   // nil: music has no creature types
/// ```
package enum FacetSlots {
    /// (kind ordinal, dimension ordinal) per slot.
    package static let pairs: [(kind: Int, dimension: Int)] = Kind.allCases.flatMap { kind in
        kind.facetDimensionOrdinals.map { (kind.facetOrdinal, $0) }
    }

    package static var count: Int { pairs.count }

    /// Slot per `kind * 6 + dimension`, -1 where the kind may not use the dimension. Hot loops
    /// copy this (or ``allowedMasks``) into a local first: reading a `static let` costs a
    /// `swift_once` check per access.
    package static let table: [Int] = {
        var table = [Int](repeating: -1, count: Kind.allCases.count * TagDimension.facetCount)
        for (slot, pair) in pairs.enumerated() { table[pair.kind * TagDimension.facetCount + pair.dimension] = slot }
        return table
    }()

    /// Per kind ordinal, bit d set when the kind may use dimension ordinal d.
    package static let allowedMasks: [UInt32] = Kind.allCases.map { kind in
        kind.facetDimensionOrdinals.reduce(0) { $0 | 1 << UInt32($1) }
    }

    /// The slot of a kind and dimension, or nil when the kind may not use the dimension.
    @inline(__always)
    package static func slot(kind: Int, dimension: Int) -> Int? {
        guard kind >= 0, kind < 3, dimension >= 0, dimension < TagDimension.facetCount else { return nil }
        let slot = table[kind * TagDimension.facetCount + dimension]
        return slot < 0 ? nil : slot
    }
}
