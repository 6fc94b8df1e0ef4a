import Foundation

/// Strings already made, keyed by their raw bytes in the document (tag names repeat a lot).
///
/// ```swift
/// if let known = interner.find(bytes) { return known }   // the same storage as last time
/// interner.insert(String(decoding: bytes, as: UTF8.self), for: bytes)
/// ```
struct StringInterner {
    static let maxLength = 64
    private static let maxEntries = 1 << 15
    private var strings: [RawBytes: String] = [:]

    /// Bytes of the document, which outlives the interner.
    private struct RawBytes: Hashable {
        let bytes: UnsafeBufferPointer<UInt8>
        static func == (a: Self, b: Self) -> Bool {
            a.bytes.count == b.bytes.count && memcmp(a.bytes.baseAddress!, b.bytes.baseAddress!, a.bytes.count) == 0
        }
        func hash(into hasher: inout Hasher) { hasher.combine(bytes: UnsafeRawBufferPointer(bytes)) }
    }

    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> String? { strings[RawBytes(bytes: bytes)] }

    mutating func insert(_ string: String, for bytes: UnsafeBufferPointer<UInt8>) {
        if strings.count < Self.maxEntries { strings[RawBytes(bytes: bytes)] = string }
    }
}
