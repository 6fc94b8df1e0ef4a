/// A forward-only cursor over the UTF-8 bytes of a JSON document (RFC 8259), the engine of
/// ``SeedFastDecoder``. Each reading method skips white space, reads exactly one token or value,
/// and throws ``Failure`` (no detail) on anything it does not accept: callers then fall back to
/// `JSONDecoder`, which produces the located error message.
///
/// ```swift
/// var s = JSONByteScanner(raw)!          // raw: the bytes of `{"n": 7, "x": [1]}`
/// var first = true, seen: UInt64 = 0, n = 0
/// try s.beginObject()
/// while let key = try s.nextKey(KeyTable(["n"]), &first, &seen) {
///     if key == 0 { n = try s.int() } else { try s.skipValue() }   // -1: a key not in the table
/// }
/// try s.finish()
/// ```
struct JSONByteScanner {
    struct Failure: Error {}
    /// Deeper nesting is refused (JSONDecoder's own limit is higher, so it decides).
    static let maxDepth = 64

    private var base: UnsafePointer<UInt8>
    private var end: Int
    private var pos = 0, depth = 0
    private var scratch: [UInt8] = []
    private var interner = StringInterner()

    /// Nil for an empty buffer. The bytes must outlive the scanner.
    init?(_ raw: UnsafeRawBufferPointer) {
        guard let start = raw.baseAddress, raw.count > 0 else { return nil }
        base = start.assumingMemoryBound(to: UInt8.self)
        end = raw.count
    }

    /// Where the next token starts, as an offset into the buffer.
    var position: Int { pos }

    /// Moves the cursor to another buffer holding the same bytes from `position` on (a streaming
    /// reader's window after it moved or refilled); nesting is kept. The interned strings are
    /// dropped: their keys point into the old buffer.
    mutating func rebase(_ raw: UnsafeRawBufferPointer, position: Int) {
        guard let start = raw.baseAddress else { return }
        interner = StringInterner()
        base = start.assumingMemoryBound(to: UInt8.self)
        end = raw.count
        pos = position
    }

    /// The byte at `i`, or 0 past the end (0 is never valid outside a string).
    @inline(__always) private func at(_ i: Int) -> UInt8 { i < end ? base[i] : 0 }

    @inline(__always) private func word(_ i: Int) -> UInt64 {
        UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
    }

    @inline(__always) private mutating func skipSpace() {
        while pos + 8 <= end, word(pos) == 0x2020_2020_2020_2020 { pos += 8 }  // indentation
        // Skips space, \t, \n and \r.
        while pos < end, base[pos] <= 0x20, (UInt64(1) << base[pos]) & 0x1_0000_2600 != 0 { pos += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        skipSpace()
        guard at(pos) == byte else { throw Failure() }
        pos += 1
    }

    // MARK: Structure

    mutating func beginObject() throws(Failure) { try open(0x7B) }
    mutating func beginArray() throws(Failure) { try open(0x5B) }

    private mutating func open(_ bracket: UInt8) throws(Failure) {
        guard depth < Self.maxDepth else { throw Failure() }
        try expect(bracket)
        depth += 1
    }

    /// Before each element: false (after reading `]`) at the end of the array, else reads the `,`.
    mutating func nextElement(_ first: inout Bool) throws(Failure) -> Bool { try next(0x5D, &first) }

    private mutating func next(_ close: UInt8, _ first: inout Bool) throws(Failure) -> Bool {
        skipSpace()
        if at(pos) == close {
            pos += 1
            depth -= 1
            return false
        }
        if !first { try expect(0x2C) }
        first = false
        return true
    }

    /// Reads the next member's key and its `:`: the key's index in `keys`, -1 for a key not in
    /// `keys` (skip its value), nil after the closing `}`. A repeated known key throws.
    mutating func nextKey(_ keys: KeyTable, _ first: inout Bool, _ seen: inout UInt64) throws(Failure) -> Int? {
        guard try next(0x7D, &first) else { return nil }
        skipSpace()
        var i = pos + 1
        while i < end, case let b = base[i], b > 0x22, b < 0x80, b != 0x5C { i += 1 }
        let index: Int
        if at(pos) == 0x22, at(i) == 0x22, i > pos + 1 {  // plain ASCII: compare the bytes
            index = keys.index(of: UnsafeBufferPointer(start: base + pos + 1, count: i - pos - 1))
            pos = i + 1
        } else {  // escapes, spaces or non-ASCII: compare Strings, as JSONDecoder does
            index = keys.index(of: try string())
        }
        try expect(0x3A)
        if index >= 0 {
            guard seen & (1 << index) == 0 else { throw Failure() }
            seen |= 1 << index
        }
        return index
    }

    /// Reads `null` if it comes next.
    mutating func null() -> Bool {
        skipSpace()
        return literal("null")
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        for k in 0..<word.utf8CodeUnitCount where at(pos + k) != word.utf8Start[k] { return false }
        pos += word.utf8CodeUnitCount
        return true
    }

    /// Only white space may follow the top-level value.
    mutating func finish() throws(Failure) {
        skipSpace()
        guard pos == end, depth == 0 else { throw Failure() }
    }

    /// Reads and validates any JSON value.
    mutating func skipValue() throws(Failure) {
        skipSpace()
        var first = true
        var seen: UInt64 = 0
        switch at(pos) {
        case 0x7B:
            try beginObject()
            while try nextKey(.none, &first, &seen) != nil { try skipValue() }
        case 0x5B:
            try beginArray()
            while try next(0x5D, &first) { try skipValue() }
        case 0x22: _ = try string()
        case 0x2D, 0x30...0x39: _ = try number()
        default: guard literal("true") || literal("false") || literal("null") else { throw Failure() }
        }
    }

    // MARK: Strings

    /// Reads a string. With `intern`, equal raw bytes give back the one same `String`.
    mutating func string(intern: Bool = false) throws(Failure) -> String {
        try expect(0x22)
        let start = pos
        let ones: UInt64 = 0x0101_0101_0101_0101
        var i = start
        var high: UInt8 = 0
        while i + 8 <= end {  // eight bytes at a time while none is `"`, `\`, a control or non-ASCII byte
            let w = word(i)
            let quote = word(i) ^ (ones &* 0x22)
            let slash = word(i) ^ (ones &* 0x5C)
            guard ((w &- ones &* 0x20) | (quote &- ones) & ~quote | (slash &- ones) & ~slash | w) & (ones &* 0x80) == 0
            else { break }
            i += 8
        }
        while i < end, case let b = base[i], b != 0x22, b != 0x5C, b >= 0x20 {
            high |= b
            i += 1
        }
        guard at(i) == 0x22 else { return try escapedString(from: start) }
        pos = i + 1
        let bytes = UnsafeBufferPointer(start: base + start, count: i - start)
        let ascii = high < 0x80
        // Short ASCII strings are stored inline (no allocation): they gain nothing from interning.
        if !intern || bytes.count > StringInterner.maxLength || (ascii && bytes.count <= 15) {
            return try Self.make(bytes, ascii: ascii)
        }
        if let known = interner.find(bytes) { return known }
        let made = try Self.make(bytes, ascii: ascii)
        interner.insert(made, for: bytes)
        return made
    }

    private static func make(_ bytes: UnsafeBufferPointer<UInt8>, ascii: Bool) throws(Failure) -> String {
        guard ascii || isValidUTF8(bytes) else { throw Failure() }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func escapedString(from start: Int) throws(Failure) -> String {
        scratch.removeAll(keepingCapacity: true)
        var i = start
        while at(i) != 0x22 {
            let b = at(i)
            guard b >= 0x20 else { throw Failure() }  // also the end of the data
            guard b == 0x5C else {
                scratch.append(b)
                i += 1
                continue
            }
            var scalar = UInt32(at(i + 1))
            i += 2
            if scalar == 0x75 {
                scalar = try hex4(at: i)
                i += 4
                if scalar & 0xFC00 == 0xD800 {  // a high surrogate must be followed by a low one
                    guard at(i) == 0x5C, at(i + 1) == 0x75, case let low = try hex4(at: i + 2), low & 0xFC00 == 0xDC00
                    else { throw Failure() }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                guard !(0xDC00...0xDFFF).contains(scalar) else { throw Failure() }
            } else if let k = Self.escapes.firstIndex(of: UInt8(scalar)) {
                scalar = UInt32(Self.unescaped[k])
            } else {
                throw Failure()
            }
            scratch.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
        }
        pos = i + 1
        // Escapes give whole sequences, so validating everything validates the raw bytes between them.
        guard scratch.withUnsafeBufferPointer({ Self.isValidUTF8($0) }) else { throw Failure() }
        return String(decoding: scratch, as: UTF8.self)
    }

    private static let escapes = Array(#""\/bfnrt"#.utf8), unescaped = Array("\"\\/\u{8}\u{C}\n\r\t".utf8)

    private func hex4(at i: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for b in (i..<i + 4).map(at) {
            guard let digit = Int(String(UnicodeScalar(b)), radix: 16) else { throw Failure() }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Well-formed UTF-8 (Unicode Table 3-7): no overlong forms, surrogates or values past U+10FFFF.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !transcode(bytes.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in })
    }

    // MARK: Numbers

    /// Reads `-?(0|[1-9][0-9]*)` that fits `Int`. A fraction or exponent throws: JSONDecoder
    /// accepts `1.0` or `1e2` for an `Int`, so it decides those.
    mutating func int() throws(Failure) -> Int {
        guard let value = Int(try number().text) else { throw Failure() }
        return value
    }

    /// Reads a JSON number as the correctly rounded `Double`. Values JSONDecoder refuses
    /// (infinite, or rounded to zero) throw, and so do subnormal ones.
    mutating func double() throws(Failure) -> Double {
        let (text, nonzero) = try number()
        guard let value = Double(text), value.isFinite,
            value == 0 ? !nonzero : value.magnitude >= .leastNormalMagnitude
        else { throw Failure() }
        return value
    }

    /// Reads `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` (short texts need no allocation);
    /// `nonzero` when a digit before the exponent is not 0.
    private mutating func number() throws(Failure) -> (text: String, nonzero: Bool) {
        skipSpace()
        var i = at(pos) == 0x2D ? pos + 1 : pos
        var nonzero = false
        func digits(significant: Bool = true) throws(Failure) {
            let first = i
            while case let d = at(i) &- 0x30, d < 10 {
                nonzero = nonzero || (significant && d != 0)
                i += 1
            }
            guard i > first else { throw Failure() }
        }
        guard at(i) != 0x30 || at(i + 1) &- 0x30 >= 10 else { throw Failure() }  // no leading zeros
        try digits()
        if at(i) == 0x2E {
            i += 1
            try digits()
        }
        if at(i) | 0x20 == 0x65 {
            i += at(i + 1) == 0x2B || at(i + 1) == 0x2D ? 2 : 1
            try digits(significant: false)
        }
        defer { pos = i }
        return (String(decoding: UnsafeBufferPointer(start: base + pos, count: i - pos), as: UTF8.self), nonzero)
    }
}
