import Foundation

/// Text as tags store it: fixed-size fields padded with NULs, UTF-8 that may really be
/// Latin-1, UTF-16 with or without a byte order mark.
enum TagText {
    /// UTF-8 when the bytes are valid UTF-8, else Latin-1; cut at the first NUL, without the
    /// white space and control bytes around it.
    static func utf8OrLatin1(_ bytes: ArraySlice<UInt8>) -> String {
        let cut = trimmed(bytes.prefix { $0 != 0 })
        return String(validating: cut, as: UTF8.self) ?? String(cut.map { Character(Unicode.Scalar($0)) })
    }

    /// `bytes` without ASCII white space and control bytes at either end (a fixed-size field's
    /// padding), before any text is made of them.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isPadding = { (byte: UInt8) in byte <= 0x20 || byte == 0x7F }
        guard let first = bytes.firstIndex(where: { !isPadding($0) }),
            let last = bytes.lastIndex(where: { !isPadding($0) })
        else { return [] }
        return bytes[first...last]
    }

    /// UTF-16 text; `bigEndian` unless a byte order mark says otherwise. Cut at the first NUL.
    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var body = Array(bytes)
        var big = bigEndian
        if body.count >= 2, body[0] == 0xFF, body[1] == 0xFE {
            big = false
            body.removeFirst(2)
        } else if body.count >= 2, body[0] == 0xFE, body[1] == 0xFF {
            big = true
            body.removeFirst(2)
        }
        var units: [UInt16] = []
        units.reserveCapacity(body.count / 2)
        var index = 0
        while index + 1 < body.count {
            let unit =
                big
                ? UInt16(body[index]) << 8 | UInt16(body[index + 1])
                : UInt16(body[index + 1]) << 8 | UInt16(body[index])
            if unit == 0 { break }
            units.append(unit)
            index += 2
        }
        return String(decoding: units, as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text`, or nil when it is empty.
    static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
