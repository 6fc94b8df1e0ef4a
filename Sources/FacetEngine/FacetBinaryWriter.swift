import Foundation

/// Writes an index file or a list order into memory (see ``FacetOutput``).
///
/// ```swift
/// var writer = FacetBinaryWriter()
/// writer.append(UInt64(7))
/// writer.appendArray([UInt32(1), 2, 3])   // count 3, 12 bytes, 4 bytes padding
/// ```
package struct FacetBinaryWriter: FacetOutput {
    package private(set) var bytes = Data()
    private var sectionHeader: Int?

    package init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    package var count: Int { bytes.count }

    package mutating func write(_ raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }

    /// Overwrites 8 bytes at `offset` (which must already be written) with `value`.
    package mutating func patch(_ value: UInt64, at offset: Int) {
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self) }
    }

    package mutating func beginSection() {
        sectionHeader = bytes.count
        append(UInt64(0))
        append(UInt64(0))
    }

    package mutating func endSection() {
        guard let header = sectionHeader else { return }
        let start = header + 16
        let checksum = bytes.withUnsafeBytes { FacetChecksum.of(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        patch(UInt64(bytes.count - start), at: header)
        patch(checksum, at: header + 8)
        sectionHeader = nil
    }
}
