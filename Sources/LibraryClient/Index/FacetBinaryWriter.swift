import Foundation

/// Appends little-endian scalars and count-prefixed flat arrays, each padded to 8 bytes, so a
/// reader can copy every array with one `memcpy`.
///
/// ```swift
/// var writer = FacetBinaryWriter()
/// writer.append(UInt64(7))
/// writer.appendArray([UInt32(1), 2, 3])   // count 3, 12 bytes, 4 bytes padding
/// ```
struct FacetBinaryWriter {
    private(set) var bytes = Data()

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    var count: Int { bytes.count }

    /// Overwrites 8 bytes at `offset` (which must already be written) with `value`.
    mutating func patch(_ value: UInt64, at offset: Int) {
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self) }
    }

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func appendBytes(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
        pad()
    }

    /// Element count (`UInt64`), then the elements' bytes, then padding.
    mutating func appendArray<T: FixedWidthInteger>(_ array: [T]) {
        append(UInt64(array.count))
        array.withUnsafeBytes { bytes.append(contentsOf: $0) }
        pad()
    }

    mutating func pad() {
        let extra = (8 - bytes.count % 8) % 8
        bytes.append(contentsOf: repeatElement(0, count: extra))
    }
}
