import Crypto
import Foundation
import GRDB

/// Which list a cursor belongs to: a name for messages and a canonical text of everything that
/// decides the list's rows and order (kind, filters, sort, search words).
///
/// ```swift
/// let query = PagedQuery(name: "favorites list", parts: ["favorites"])
/// ```
package struct PagedQuery: Sendable, Hashable {
    package var name: String
    package var parts: [String]

    package init(name: String, parts: [String]) {
        self.name = name
        self.parts = parts
    }

    /// 8 bytes of the SHA-256 of the parts.
    var fingerprint: [UInt8] {
        let text = parts.map { "\($0.utf8.count):\($0)" }.joined(separator: "|")
        return Array(SHA256.hash(data: Data(text.utf8)).prefix(8))
    }
}

/// Writes and checks cursors: `version(1) | query fingerprint(8) | keys (JSON) | HMAC-SHA256(16)`,
/// base64url. The HMAC key is this data root's `client_secret.cursor_key`, so a cursor that was
/// altered, made up, or written by another data root fails the check.
///
/// ```swift
/// let codec = try CursorCodec(db)
/// let cursor = codec.encode([.init("Door"), .init("id-1")], for: query)
/// let keys = try codec.decode(cursor, for: query, keyCount: 2)
/// ```
package struct CursorCodec: Sendable {
    private let key: Data
    private static let version: UInt8 = 1
    private static let macBytes = 16

    package init(_ db: Database) throws {
        // Raw SQL: read by every list page; decoding the record costs a fresh process about 0.4 ms
        // more (soundshelf-bench catalog, first list page).
        guard
            let data = try Data.fetchOne(db.cachedStatement(sql: "SELECT cursor_key FROM client_secret WHERE id = 1")),
            !data.isEmpty
        else {
            throw LibraryClientError.unexpectedValue(table: "client_secret", column: "cursor_key", value: "(missing)")
        }
        key = data
    }

    package func encode(_ keys: [DatabaseValue], for query: PagedQuery) -> PageCursor {
        var bytes: [UInt8] = [Self.version] + query.fingerprint
        let texts = keys.map(Self.text(of:))
        bytes += Self.jsonArray(texts)
        bytes += mac(bytes)
        return PageCursor(
            Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: ""))
    }

    package func decode(_ cursor: PageCursor, for query: PagedQuery, keyCount: Int) throws -> [DatabaseValue] {
        let invalid = PagingError.invalidCursor(cursor.string)
        var base64 = cursor.string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !base64.contains("=") else { throw invalid }
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), data.count > 1 + 8 + Self.macBytes else { throw invalid }
        let bytes = Array(data)
        let body = Array(bytes[..<(bytes.count - Self.macBytes)])
        guard bytes[0] == Self.version, Self.equal(mac(body), Array(bytes[(bytes.count - Self.macBytes)...])) else {
            throw invalid
        }
        guard Array(body[1..<9]) == query.fingerprint else {
            throw PagingError.foreignCursor(cursor.string, expected: query.name)
        }
        guard let texts = try? JSONDecoder().decode([String].self, from: Data(body[9...])), texts.count == keyCount
        else {
            throw invalid
        }
        return try texts.map { text in
            guard let value = Self.value(of: text) else { throw invalid }
            return value
        }
    }

    private func mac(_ bytes: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: bytes, using: SymmetricKey(data: key))).prefix(Self.macBytes).map {
            $0
        }
    }

    private static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The JSON array of `texts`, as `JSONDecoder` reads it back in ``decode(_:for:keyCount:)``.
    /// Written by hand: `JSONEncoder`'s first use costs a fresh process about 0.4 ms.
    static func jsonArray(_ texts: [String]) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (i, text) in texts.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
                case 0..<0x20:
                    out += [
                        UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)],
                    ]
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// `n` (null), `i<int>`, `r<IEEE bits, hex>` (exact doubles), `s<text>`.
    private static func text(of value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "n"
        case .int64(let int): "i\(int)"
        case .double(let double): "r" + String(double.bitPattern, radix: 16)
        case .string(let string): "s" + string
        case .blob(let data): "s" + String(decoding: data, as: UTF8.self)
        }
    }

    private static func value(of text: String) -> DatabaseValue? {
        guard let tag = text.first else { return nil }
        let rest = String(text.dropFirst())
        switch tag {
        case "n": return rest.isEmpty ? .null : nil
        case "i": return Int64(rest).map(\.databaseValue)
        case "r": return UInt64(rest, radix: 16).map { Double(bitPattern: $0).databaseValue }
        case "s": return rest.databaseValue
        default: return nil
        }
    }
}
