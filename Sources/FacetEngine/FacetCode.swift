/// Small integer encodings the facet index stores instead of enums and `Int64` ids.
///
/// A *tag code* packs a dimension ordinal (3 bits) and the value's index inside that dimension's
/// ``ValueDictionary`` (29 bits) into one `UInt32`; an item's codes sort by dimension first.
///
/// ```swift
/// let code = FacetCode.make(dimension: 2, value: 41)
/// FacetCode.dimension(code)           // 2
/// FacetCode.value(code)               // 41
/// ```
package enum FacetCode {
    package static let valueBits: UInt32 = 29
    package static let valueMask: UInt32 = (1 << valueBits) - 1
    /// Values per dimension the encoding can hold.
    package static let maxValuesPerDimension = Int(valueMask) + 1

    @inline(__always)
    package static func make(dimension: Int, value: UInt32) -> UInt32 {
        UInt32(truncatingIfNeeded: dimension) << valueBits | (value & valueMask)
    }

    @inline(__always)
    package static func dimension(_ code: UInt32) -> Int { Int(code >> valueBits) }

    @inline(__always)
    package static func value(_ code: UInt32) -> Int { Int(code & valueMask) }
}
