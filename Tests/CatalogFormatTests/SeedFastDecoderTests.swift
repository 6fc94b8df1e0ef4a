import CatalogFormat
import Foundation
import SyntheticData
import TestSupport
import Testing

/// `SeedFastDecoder` against `JSONDecoder`: whenever the fast path gives a seed it is the one
/// JSONDecoder gives (down to the Unicode scalars), and ordinary seeds always take the fast path.
struct SeedFastDecoderTests {
    /// Checks the differential property for `data` and returns the fast path's result.
    static func check(_ data: Data, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Seed? {
        guard let fast = SeedFastDecoder.decode(data) else { return nil }
        let slow = try? JSONDecoder().decode(Seed.self, from: data)
        #expect(fast == slow, sourceLocation: sourceLocation)
        if let slow {
            #expect((try? CatalogJSON.encode(fast)) == (try? CatalogJSON.encode(slow)), sourceLocation: sourceLocation)
        }
        return fast
    }

    // MARK: Random seeds

    static let pieces = [
        "a", "Zz", " ", "é", "e\u{301}", "😀", "👩‍👩‍👧", "\"", "\\", "/", "\n", "\t", "\r", "\u{0}", "\u{1F}", "\u{8}\u{C}",
        "\u{7F}", "\u{FEFF}", "日本語", "\u{2028}", "\u{10FFFF}", "\u{1DC00}", "Forest Edge of the Night",
    ]

    static func text(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    /// Nil, whole, eighths, or any normal value (bits at random).
    static func number(_ rng: inout SplitMix64) -> Double? {
        [
            nil, Double(Int.random(in: 0...100_000, using: &rng)), Double(Int.random(in: 0...4000, using: &rng)) / 8,
            [Double(bitPattern: rng.next())].first { $0.isNormal } ?? -0.0,
        ].randomElement(using: &rng)!
    }

    static func int(_ rng: inout SplitMix64) -> Int {
        [.min, .max, Int.random(in: -5...100, using: &rng), Int.random(in: .min ... .max, using: &rng)].randomElement(
            using: &rng)!
    }

    static func randomSeed(_ seed: UInt64, items: Int = 40) -> Seed {
        var rng = SplitMix64(seed: seed)
        func opt() -> String? { Bool.random(using: &rng) ? nil : text(&rng) }
        let names = (0..<12).map { _ in "Tag \(text(&rng))" }  // repeated, as tag names are
        func some() -> [String] {
            (0..<Int.random(in: 0...3, using: &rng)).map { _ in names.randomElement(using: &rng)! }
        }
        func tags() -> TagSet { TagSet(locations: some(), moods: some(), themes: some(), creatureTypes: some()) }
        var vocab = Vocabularies()
        for dim in TagDimension.allCases {  // decoding sets every dimension
            vocab.setEntries(
                (0..<Int.random(in: 0...4, using: &rng)).map { _ in .init(name: text(&rng), sortOrder: int(&rng)) },
                for: dim)
        }
        let music = (0..<items).map { n in
            Seed.MusicEntry(
                id: "id-\(n)", title: text(&rng), subtitle: opt(), duration: number(&rng), artworkURL: opt(),
                appleMusicPlaylistId: text(&rng), tags: tags())
        }
        let packs = (0..<items / 10).map { n in
            Seed.Pack(
                id: text(&rng), slug: "p\(n)", kind: Kind.allCases.randomElement(using: &rng)!, title: text(&rng),
                description: opt(), artworkURL: opt(), version: int(&rng), manifestURL: text(&rng),
                items: (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                    Seed.Item(
                        id: text(&rng), title: text(&rng), subtitle: opt(), duration: number(&rng),
                        sortOrder: int(&rng), tags: tags())
                })
        }
        return Seed(
            schemaVersion: int(&rng), catalogVersion: int(&rng), vocabularies: vocab, music: music, packs: packs)
    }

    @Test(arguments: 0..<12 as Range<UInt64>)
    func encodedSeedsTakeTheFastPath(seedValue: UInt64) throws {
        let seed = Self.randomSeed(seedValue, items: 40 + Int(seedValue) * 30)
        let pretty = try CatalogJSON.encode(seed)
        #expect(Self.check(pretty) == seed)
        let minified = try JSONEncoder().encode(seed)
        #expect(Self.check(minified) == seed)
    }

    @Test(arguments: 0..<12 as Range<UInt64>)
    func reorderedEscapedAndExtendedSeedsTakeTheFastPath(seedValue: UInt64) throws {
        let seed = Self.randomSeed(seedValue &+ 100)
        var rng = SplitMix64(seed: seedValue)
        var text = ""
        JSONText.render(JSONText.tree(seed), &rng, into: &text)
        #expect(Self.check(Data(text.utf8)) == seed, "\(text.prefix(2000))")
    }

    // MARK: Mutations

    @Test func truncationsAndByteFlipsNeverDisagree() throws {
        let data = try CatalogJSON.encode(Self.randomSeed(7, items: 6))
        for length in 0..<data.count - 1 { #expect(Self.check(data.prefix(length)) == nil) }  // the last byte is "\n"
        var rng = SplitMix64(seed: 42)
        var accepted = 0
        for _ in 0..<3000 {
            var copy = data
            copy[Int.random(in: 0..<copy.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            if Self.check(copy) != nil { accepted += 1 }
        }
        #expect(accepted > 100)  // flips inside strings keep the document valid
    }

    /// Targeted damage to an ordinary seed: each must be refused (JSONDecoder decides).
    @Test(arguments: [
        (#""sortOrder" : 0"#, #""sortOrder" : 1.0"#), (#""sortOrder" : 0"#, #""sortOrder" : 1e0"#),
        (#""sortOrder" : 0"#, #""sortOrder" : "0""#), (#""sortOrder" : 0"#, #""sortOrder" : 00"#),
        (#""sortOrder" : 0"#, #""sortOrder" : 9223372036854775808"#), (#""duration" : 2.5"#, #""duration" : "x""#),
        (#""duration" : 2.5"#, #""duration" : 1e400"#), (#""title" : "Rain""#, #""title" : "\ud800""#),
        (#""title" : "Rain""#, #""title" : "\udc00\ud800""#), (#""title" : "Rain""#, #""title" : "Ra\qin""#),
        (#""title" : "Rain""#, #""title" : "Rain", "title" : "Again""#), (#""title" : "Rain""#, #""title" : null"#),
        (#""title" : "Rain""#, "\"title\" : \"Ra\tin\""), (#""kind" : "sfx""#, #""kind" : "SFX""#),
        (#""tags" : {"#, #""tags" : null, "x" : {"#), (#""items" : ["#, #""items" : [1, "#), ("\n}\n", "\n}\nx"),
        ("\n}\n", "\n}\n{}"), ("\n}\n", "\n}\n\u{0}"), ("\n}\n", "\n},\n"), (#""music" : ["#, #""music" : [,"#),
    ])
    func damagedSeedsAreRefused(find: String, replacement: String) throws {
        let seed = SeedFactory.seed(
            version: 3, music: [SeedFactory.music(1, "Dusk")],
            packs: [
                SeedFactory.pack(
                    2, "rain", kind: .sfx, items: [SeedFactory.item(3, "Rain", tags: TagSet(moods: ["Calm"]))])
            ])
        let text = try #require(String(data: try CatalogJSON.encode(seed), encoding: .utf8))
        #expect(Self.check(Data(text.utf8)) != nil)
        let range = try #require(text.range(of: find), "\(find) not in \(text)")
        #expect(Self.check(Data(text.replacingCharacters(in: range, with: replacement).utf8)) == nil)
    }

    @Test func invalidUTF8IsRefusedAndValidUTF8Accepted() {
        var rng = SplitMix64(seed: 9)
        var refused = 0
        let pool: [UInt8] = [
            0x41, 0x7E, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xA0, 0xED, 0x9F, 0xEF, 0xF0, 0x90, 0xF4, 0x8F, 0xF5, 0xFF,
        ]
        for _ in 0..<4000 {
            let bytes = (0..<Int.random(in: 1...6, using: &rng)).map { _ in pool.randomElement(using: &rng)! }
            let doc =
                Data(#"{"schemaVersion":1,"catalogVersion":1,"vocabularies":{},"packs":[],"music":[{"id":""#.utf8)
                + bytes
                + Data(#"","title":"t","appleMusicPlaylistId":"p","tags":{}}]}"#.utf8)
            // Decoding replaces every ill-formed sequence with U+FFFD, so the bytes survive a round
            // trip exactly when they are valid UTF-8 (U+FFFD itself is not in the pool).
            let decoded = String(decoding: bytes, as: UTF8.self)
            let valid: String? = Array(decoded.utf8) == bytes ? decoded : nil
            #expect(Self.check(doc)?.music.first.map { Array($0.id.utf8) } == valid.map { Array($0.utf8) })
            if valid == nil { refused += 1 }
        }
        #expect(refused > 1000)
    }

    // MARK: Literal edge cases

    static func doc(_ fields: String, around: (String, String) = ("", "")) -> Data {
        Data(
            (around.0
                + #"{"schemaVersion":1,"catalogVersion":2,"vocabularies":{"moods":null},"packs":[],"music":[{"id":"i","#
                + #""title":"t","appleMusicPlaylistId":"p","tags":{"moods":null}"# + fields + "}]}" + around.1).utf8)
    }

    @Test(arguments: [
        #","duration":-0"#, #","duration":0.1"#, #","duration":1E+2"#, #","duration":-5e-1"#,
        #","duration":9007199254740993"#,
        #","duration":123456789012345678901234567890.5e-3"#, #","duration":1.7976931348623157e308"#,
        #","duration":2.2250738585072014e-308"#, #","duration":0.30000000000000004441"#, #","duration":0e999999"#,
        #","subtitle":"\uD83D\uDE00 \u00e9 \/ \b\f\n\r\t \u0000 \"\\""#, #","subtitle":"\ud834\udd1e\u1dc0""#,
        #","\u0073ubtitle":"escaped key","x\u00e9":1,"":[],"y":{"z":[true,false,null,-1.5e-7,{}]}"#,
        " ,\t\"subtitle\"\r\n:\n null ", #","artworkURL":null,"tags2":{"moods":"x"}"#,
    ])
    func acceptedLiterals(fields: String) throws {
        #expect(Self.check(Self.doc(fields)) != nil)
        #expect(Self.check(Self.doc(fields, around: (" \n\t\r", "\r\n\t "))) != nil)
    }

    @Test(arguments: [
        #","duration":1e400"#, #","duration":1e-400"#, #","duration":4.9e-324"#, #","duration":01"#, #","duration":.5"#,
        #","duration":1."#, #","duration":-"#, #","duration":+1"#, #","duration":NaN"#, #","duration":1e"#,
        #","subtitle":"\ud800""#, #","subtitle":"\ud800\u0041""#, #","subtitle":"\u12G4""#, #","subtitle":"\x""#,
        #","subtitle":"a"#, #","subtitle":null,"#, #","subtitle":nul"#, #","id":"j""#, #","tags":{}"#,
        #","x":[1,]"#, #","x":{"a" 1}"#, #","x":{"a":1,}"#, #","x":tru"#, ",\"x\":\"\u{1}\"",
        #","x":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
    ])
    func refusedLiterals(fields: String) throws {
        #expect(Self.check(Self.doc(fields)) == nil)
    }

    @Test func refusedWholeDocuments() {
        for data in [
            Self.doc("", around: ("\u{FEFF}", "")), Self.doc("", around: ("", "x")), Data(), Data("[]".utf8),
            Data(#"{"schemaVersion":1}"#.utf8),
        ] { #expect(Self.check(data) == nil) }
    }
}
