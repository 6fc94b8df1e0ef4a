import Foundation
import TestSupport
import Testing

/// One case of the bad-input corpus (`Tests/Fixtures/corpus/<name>/case.json`): what to break,
/// which public command must refuse it, and the message fragments it must print.
struct CorpusCase: Decodable, Sendable, CustomTestStringConvertible {
    enum Stage: String, Decodable, Sendable { case pack, catalog, sync, install }

    struct Edit: Decodable, Sendable {
        var file: String
        var replace: String
        var with: String
    }
    struct JSONEdit: Decodable, Sendable {
        /// `catalog`, `seed` or `manifest` (the target pack's).
        var doc: String
        var set: [String: JSONValue]?
        var remove: [String]?
    }
    struct TarEntry: Decodable, Sendable {
        var name: String
        var type: String?  // file (default) | symlink | hardlink | dir
        var size: Int?  // file: bytes of data (default: the real asset's size)
        var target: String?
        var from: Int?  // file: copy data of the manifest's asset at this index
    }
    struct DistChange: Decodable, Sendable {
        var json: [JSONEdit]?
        var raw: [String: String]?
        var tar: [TarEntry]?
        var tinyEntries: Int?
        var swapManifests: Bool?
        var deleteSeed: Bool?
        var rehash: Bool?
    }

    var name = ""
    var stage: Stage
    var pack: String?
    var edit: [Edit]?
    var write: [String: String]?
    var truncate: [String: Int]?
    var symlink: [String: String]?
    var dist: DistChange?
    var expect: [String]

    var testDescription: String { name }

    enum CodingKeys: String, CodingKey { case stage, pack, edit, write, truncate, symlink, dist, expect }

    static var folder: URL { ToolRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/corpus") }

    /// The case folders, so a case file that fails to decode is noticed.
    static func folders() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static func all() -> [CorpusCase] {
        folders().compactMap { name in
            guard
                let data = FileManager.default.contents(
                    atPath: folder.appendingPathComponent("\(name)/case.json").path),
                var c = try? JSONDecoder().decode(CorpusCase.self, from: data)
            else { return nil }
            c.name = name
            return c
        }
    }
}

/// A JSON value in a case file.
enum JSONValue: Decodable, Sendable {
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int64.self) {
            self = .integer(i)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .string(try c.decode(String.self))
        }
    }

    var any: Any {
        switch self {
        case .string(let s): s
        case .integer(let i): NSNumber(value: i)
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? Int(n) as Any : n
        case .bool(let b): b
        case .null: NSNull()
        case .array(let a): a.map(\.any)
        }
    }
}
