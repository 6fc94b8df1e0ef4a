/// One 512-byte ustar header block, decoded field by field (POSIX.1-2001 `ustar`, and the older
/// GNU and v7 layouts, which differ only in the magic and the `prefix` field).
struct TarHeader {
    static let blockSize = 512

    var name: [UInt8]
    var size: Int64
    var typeflag: UInt8
    var linkname: [UInt8]

    /// What went wrong with a header, as a phrase for ``PackArchiveError``.
    enum Problem: Error {
        case checksum
        case field(String)
    }

    /// Whether every byte of `block` is zero: the end-of-archive marker.
    static func isZero(_ block: [UInt8]) -> Bool { !block.contains { $0 != 0 } }

    /// Decodes `block` (exactly 512 bytes), checking its checksum.
    init(_ block: [UInt8]) throws(Problem) {
        precondition(block.count == Self.blockSize)
        guard let stored = Self.octal(block[148..<156]) else { throw .field("checksum") }
        // The checksum counts its own field as eight spaces; some writers summed signed bytes.
        var unsigned: Int64 = 8 * 0x20
        var signed: Int64 = 8 * 0x20
        for (i, byte) in block.enumerated() where !(148..<156).contains(i) {
            unsigned += Int64(byte)
            signed += Int64(Int8(bitPattern: byte))
        }
        guard stored == unsigned || stored == signed else { throw .checksum }
        guard let size = Self.number(block[124..<136]) else { throw .field("size") }
        self.size = size
        typeflag = block[156]
        linkname = Self.string(block[157..<257])
        let name = Self.string(block[0..<100])
        // POSIX ustar ("ustar\0" "00") splits long names into prefix "/" name; GNU's
        // "ustar  \0" uses those bytes for other fields.
        let isPOSIX = block[257..<263].elementsEqual(Array("ustar".utf8) + [0])
        let prefix = isPOSIX ? Self.string(block[345..<500]) : []
        self.name = prefix.isEmpty ? name : prefix + [UInt8(ascii: "/")] + name
    }

    /// The bytes of a NUL-terminated field (the whole field when it has no NUL).
    static func string(_ field: ArraySlice<UInt8>) -> [UInt8] {
        Array(field.prefix { $0 != 0 })
    }

    /// A numeric field: octal digits (leading spaces, then NUL or space at the end), or
    /// base-256 (first byte 0x80) for values octal cannot hold. `nil` when malformed or negative.
    static func number(_ field: ArraySlice<UInt8>) -> Int64? {
        guard let first = field.first else { return nil }
        if first == 0x80 {
            var value: Int64 = 0
            for byte in field.dropFirst() {
                guard value <= (Int64.max >> 8) else { return nil }
                value = value << 8 | Int64(byte)
            }
            return value
        }
        return octal(field)
    }

    /// Octal digits with optional leading spaces and a NUL/space terminator; all-NUL reads as 0.
    static func octal(_ field: ArraySlice<UInt8>) -> Int64? {
        var digits = field.drop { $0 == UInt8(ascii: " ") }
        if let end = digits.firstIndex(where: { $0 == 0 || $0 == UInt8(ascii: " ") }) {
            guard digits[end...].allSatisfy({ $0 == 0 || $0 == UInt8(ascii: " ") }) else { return nil }
            digits = digits[..<end]
        }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "7"), value <= (Int64.max >> 3) else { return nil }
            value = value << 3 | Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
