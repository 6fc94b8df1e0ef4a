/// Where an index file's bytes go: memory (``FacetBinaryWriter``) or a file as they are encoded
/// (``FacetFileWriter``). Little-endian scalars and count-prefixed flat arrays, each padded to 8
/// bytes, so a reader can copy every array with one `memcpy`; a section is its byte count and
/// checksum, then its bytes.
package protocol FacetOutput {
    /// Bytes written so far.
    var count: Int { get }
    mutating func write(_ raw: UnsafeRawBufferPointer)
    /// Starts a section: room for its byte count and checksum, filled by ``endSection()``.
    mutating func beginSection()
    mutating func endSection() throws
}

extension FacetOutput {
    package mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { write($0) }
    }

    package mutating func appendBytes(_ raw: [UInt8]) {
        raw.withUnsafeBytes { write($0) }
        pad()
    }

    /// Element count (`UInt64`), then the elements' bytes, then padding.
    package mutating func appendArray<T: FixedWidthInteger>(_ array: [T]) {
        append(UInt64(array.count))
        array.withUnsafeBytes { write($0) }
        pad()
    }

    package mutating func pad() {
        let extra = (8 - count % 8) % 8
        guard extra > 0 else { return }
        withUnsafeBytes(of: UInt64(0)) { write(UnsafeRawBufferPointer(rebasing: $0.prefix(extra))) }
    }

    /// A whole section: byte count and checksum, then what `body` writes.
    package mutating func appendSection(_ body: (inout Self) throws -> Void) throws {
        beginSection()
        try body(&self)
        try endSection()
    }
}
