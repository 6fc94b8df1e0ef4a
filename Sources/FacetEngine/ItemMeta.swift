import CatalogFormat

/// One byte per item number: whether an item is stored, its kind and whether it is visible.
///
/// ```swift
/// let meta = ItemMeta(kind: .sfx, visible: true)
/// meta.kindOrdinal                    // 2
/// ItemMeta.absent.isPresent           // false
/// ```
package struct ItemMeta: Sendable, Equatable {
    package var raw: UInt8

    package static let absent = ItemMeta(raw: 0)
    private static let presentBit: UInt8 = 0x10
    private static let visibleBit: UInt8 = 0x08

    package init(raw: UInt8) { self.raw = raw }

    package init(kind: Kind, visible: Bool) {
        raw = Self.presentBit | UInt8(kind.facetOrdinal) | (visible ? Self.visibleBit : 0)
    }

    package var isPresent: Bool { raw & Self.presentBit != 0 }
    package var isVisible: Bool { raw & Self.visibleBit != 0 }
    package var kindOrdinal: Int { Int(raw & 0x07) }
    package var kind: Kind? { isPresent ? Kind(facetOrdinal: kindOrdinal) : nil }

    /// Whether a byte read from a file is one this type writes.
    package var isWellFormed: Bool {
        raw == 0 || (raw & ~(Self.presentBit | Self.visibleBit | 0x07) == 0 && isPresent && kindOrdinal < 3)
    }
}
