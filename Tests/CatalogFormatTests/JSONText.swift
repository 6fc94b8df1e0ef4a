import CatalogFormat
import Foundation
import SyntheticData

/// The seed written by another writer: members shuffled, nulls dropped at random, random white
/// space, `\u` escapes (surrogate pairs too), long number forms and unknown members added.
indirect enum JSONText: Sendable {
    case string(String)
    case number(String)
    case null
    case array([JSONText])
    case object([(String, JSONText)])

    static func tree(_ seed: Seed) -> JSONText {
        func s(_ v: String?) -> JSONText { v.map(JSONText.string) ?? .null }
        func i(_ v: Int) -> JSONText { .number("\(v)") }
        func d(_ v: Double?) -> JSONText {
            v.map { .number($0.bitPattern % 3 == 0 ? String(format: "%.24e", $0) : "\($0)") } ?? .null
        }
        func list(_ items: [JSONText]) -> JSONText { items.isEmpty ? .null : .array(items) }
        func tags(_ t: TagSet) -> JSONText {
            .object(
                zip(TagSet.keys, [t.locations, t.moods, t.themes, t.creatureTypes]).map {
                    ($0, list($1.map(JSONText.string)))
                })
        }
        let vocab = JSONText.object(
            TagDimension.allCases.map { dim in
                (
                    dim.vocabularyKey,
                    list(
                        seed.vocabularies.entries(for: dim).map {
                            .object([("name", .string($0.name)), ("sortOrder", i($0.sortOrder))])
                        })
                )
            })
        let music = seed.music.map { m in
            JSONText.object([
                ("id", .string(m.id)), ("title", .string(m.title)), ("subtitle", s(m.subtitle)),
                ("duration", d(m.duration)),
                ("artworkURL", s(m.artworkURL)), ("appleMusicPlaylistId", .string(m.appleMusicPlaylistId)),
                ("tags", tags(m.tags)),
            ])
        }
        let packs = seed.packs.map { p in
            JSONText.object([
                ("id", .string(p.id)), ("slug", .string(p.slug)), ("kind", .string(p.kind.rawValue)),
                ("title", .string(p.title)),
                ("description", s(p.description)), ("artworkURL", s(p.artworkURL)), ("version", i(p.version)),
                ("manifestURL", .string(p.manifestURL)),
                (
                    "items",
                    .array(
                        p.items.map { item in
                            .object([
                                ("id", .string(item.id)), ("title", .string(item.title)),
                                ("subtitle", s(item.subtitle)),
                                ("duration", d(item.duration)), ("sortOrder", i(item.sortOrder)),
                                ("tags", tags(item.tags)),
                            ])
                        })
                ),
            ])
        }
        return .object([
            ("schemaVersion", i(seed.schemaVersion)), ("catalogVersion", i(seed.catalogVersion)),
            ("vocabularies", vocab), ("music", .array(music)), ("packs", .array(packs)),
        ])
    }

    static let spaces = ["", " ", "\n  ", "\t", "\r\n"]
    static let unknown: [(String, JSONText)] = [
        ("zz", .null), ("Title", .number("-1.5e+300")), ("x\u{E9}", .array([.string("é"), .object([])])),
        ("", .object([("title", .number("1")), ("deep", .array([.array([.null])]))])),
    ]

    static func render(_ value: JSONText, _ rng: inout SplitMix64, into out: inout String) {
        out += spaces.randomElement(using: &rng)!
        switch value {
        case .string(let text): out += quote(text, &rng)
        case .number(let text): out += text
        case .null: out += "null"
        case .array(let items):
            for (k, item) in items.enumerated() {
                out += k > 0 ? "," : "["
                render(item, &rng, into: &out)
            }
            out += (items.isEmpty ? "[" : "") + "]"
        case .object(let members):
            var all = members.filter { if case .null = $0.1 { Bool.random(using: &rng) } else { true } }
            all += unknown.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
            for (k, (key, value)) in all.shuffled(using: &rng).enumerated() {
                out += (k > 0 ? "," : "{") + spaces.randomElement(using: &rng)! + quote(key, &rng) + ":"
                render(value, &rng, into: &out)
            }
            out += (all.isEmpty ? "{" : "") + spaces.randomElement(using: &rng)! + "}"
        }
    }

    static func quote(_ text: String, _ rng: inout SplitMix64) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/" where Bool.random(using: &rng): out += "\\/"
            case _ where u.value < 0x20 || Int.random(in: 0..<6, using: &rng) == 0:
                for unit in String(u).utf16 { out += String(format: "\\u%04x", unit) }
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
