import CatalogFormat
import Foundation
import LibraryClient

/// `client charts --json`: `{"period", "from": TIME|null, "to": TIME|null, "entries": [{"rank",
/// "previousRank": N|null, "movement", "plays", "target", "title"}]}`.
///
/// `Encodable` gives the document through `JSONEncoder` (sorted keys, pretty, unescaped
/// slashes); ``bytes`` writes the same bytes directly, which an all-time chart of 20,000 entries
/// needs (`JSONEncoder` spends ~100 ms on it, the direct writer a few).
///
/// ```swift
/// try FileHandle.standardOutput.write(contentsOf: ChartJSON(chart).bytes)
/// ```
package struct ChartJSON: Encodable {
    package let chart: Chart

    package init(_ chart: Chart) { self.chart = chart }

    // MARK: The shape, through an encoder

    enum Keys: String, CodingKey { case period, from, to, entries }
    enum EntryKeys: String, CodingKey { case rank, previousRank, movement, plays, target, title }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(chart.period.rawValue, forKey: .period)
        try c.encode(chart.from.map(ISO8601.string), forKey: .from)
        try c.encode(chart.to.map(ISO8601.string), forKey: .to)
        var entries = c.nestedUnkeyedContainer(forKey: .entries)
        for entry in chart.entries {
            var e = entries.nestedContainer(keyedBy: EntryKeys.self)
            try e.encode(entry.rank, forKey: .rank)
            try e.encode(entry.previousRank, forKey: .previousRank)
            try e.encode(entry.movement.rawValue, forKey: .movement)
            try e.encode(entry.plays, forKey: .plays)
            try e.encode(entry.target, forKey: .target)
            try e.encode(entry.title, forKey: .title)
        }
    }

    // MARK: The same bytes, written directly

    /// The document as `JSONEncoder` with `[.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]`
    /// writes it (keys in byte order, two-space indents, `"key" : value`, an empty array as
    /// `[` blank line `]`), plus the newline `Output.json` adds.
    package var bytes: [UInt8] {
        var out = JSONBytes()
        out.reserve(200 + chart.entries.count * 200)
        out.raw("{\n  \"entries\" : [\n")
        for index in chart.entries.indices {
            let entry = chart.entries[index]
            out.raw(index == 0 ? "    {\n" : ",\n    {\n")
            out.raw("      \"movement\" : ")
            out.string(entry.movement.rawValue)
            out.raw(",\n      \"plays\" : ")
            out.int(entry.plays)
            out.raw(",\n      \"previousRank\" : ")
            if let previousRank = entry.previousRank { out.int(previousRank) } else { out.raw("null") }
            out.raw(",\n      \"rank\" : ")
            out.int(entry.rank)
            out.raw(",\n      \"target\" : ")
            out.string(entry.target)
            out.raw(",\n      \"title\" : ")
            out.string(entry.title)
            out.raw("\n    }")
        }
        out.raw("\n  ],\n  \"from\" : ")
        out.optionalString(chart.from.map(ISO8601.string))
        out.raw(",\n  \"period\" : ")
        out.string(chart.period.rawValue)
        out.raw(",\n  \"to\" : ")
        out.optionalString(chart.to.map(ISO8601.string))
        out.raw("\n}\n")
        return out.bytes
    }
}

/// JSON text as `JSONEncoder` writes it: strings with `"`, `\` and control characters escaped
/// (`\b \f \n \r \t`, else `\u00xx` in lower-case hex), everything else as UTF-8, `/` unescaped.
private struct JSONBytes {
    var bytes: [UInt8] = []

    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

    /// Text that needs no escaping (punctuation, keys, indents).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) {
        var text = String(value)
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    mutating func string(_ value: String) {
        var value = value
        bytes.append(0x22)
        value.withUTF8 { utf8 in
            var clean = utf8.startIndex
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<index]))
                escape(byte)
                clean = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean...]))
        }
        bytes.append(0x22)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func escape(_ byte: UInt8) {
        let hex = Self.hex
        switch byte {
        case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
        case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x08: bytes.append(contentsOf: [0x5C, 0x62])
        case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
        case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
        case 0x0C: bytes.append(contentsOf: [0x5C, 0x66])
        case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
        default: bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
        }
    }
}
