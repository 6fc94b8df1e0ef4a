import Foundation
import TestSupport
import Testing

/// `client charts` prints the bytes a person or a program got before it wrote them by hand:
/// the JSON exactly as `JSONEncoder` (sorted keys, pretty, unescaped slashes) writes the same
/// values, for titles that need escaping, and the aligned table.
@Suite(.timeLimit(.minutes(5)), .serialized, .startsProcesses) struct ChartsOutputCLITests {
    static let titles = [
        "Quote \"q\" and back\\slash", "A/B: slashes", "Tab\there, bell \u{7}", "Ünïcödé 🎵 ▲", "Plain",
    ]
    static let seed = SeedFactory.seed(
        version: 1, music: titles.enumerated().map { SeedFactory.music($0.offset + 1, $0.element) })
    static let now = "2026-03-05T00:00:00Z"
    let tmp: TemporaryDirectory
    let root: String

    /// The JSON document, decoded and encoded again by Foundation (nil written as null).
    struct Document: Codable {
        struct Entry: Codable {
            let rank: Int
            let previousRank: Int?
            let movement: String
            let plays: Int
            let target: String
            let title: String

            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(rank, forKey: .rank)
                try c.encode(previousRank, forKey: .previousRank)
                try c.encode(movement, forKey: .movement)
                try c.encode(plays, forKey: .plays)
                try c.encode(target, forKey: .target)
                try c.encode(title, forKey: .title)
            }
        }
        let period: String
        let from: String?
        let to: String?
        let entries: [Entry]

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(period, forKey: .period)
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
            try c.encode(entries, forKey: .entries)
        }

        static func reencoded(_ data: Data) throws -> (Document, Data) {
            let document = try JSONDecoder().decode(Document.self, from: data)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            return (document, try encoder.encode(document) + Data("\n".utf8))
        }
    }

    /// A synced data root with plays of the five titles, before and within the 7 days before `now`.
    init() throws {
        tmp = try TemporaryDirectory(prefix: "charts-output")
        root = tmp.path("root")
        let dist = FixtureCatalog(folder: tmp.url.appendingPathComponent("dist"))
        try dist.publish(seed: Self.seed, catalogVersion: 1)
        #expect(try ToolRunner.run("client", ["sync", "--catalog", dist.folder.path, "--root", root]).status == 0)
        let plays: [(Int, String)] = [
            (1, "02-01"), (1, "02-02"), (1, "02-03"), (2, "02-04"), (2, "03-01"), (3, "02-05"), (4, "02-06"),
            (4, "02-07"), (5, "03-02"),
        ]
        for (n, day) in plays {
            let result = try ToolRunner.run(
                "client",
                [
                    "play", SeedFactory.id(n), "--played", "900", "--at", "2026-\(day)T10:00:00Z", "--source",
                    "manual", "--root", root,
                ])
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    @Test func jsonIsWhatJSONEncoderWrites() throws {
        // The all-time chart, a week's (from and to set) and an empty one.
        for (period, now) in [("all", Self.now), ("week", Self.now), ("week", "2020-01-01T00:00:00Z")] {
            let args = ["--period", period, "--now", now]
            let result = try ToolRunner.run(
                "client", ["charts"] + args + ["--root", root, "--json"], environment: ["TZ": "UTC"])
            #expect(result.status == 0, "\(result.stderr)")
            let (document, expected) = try Document.reencoded(result.stdoutData)
            #expect(result.stdoutData == expected, "\(args): \(result.stdout)")
            if period == "all" {
                #expect(document.entries.map(\.title) == [0, 1, 3, 4, 2].map { Self.titles[$0] })
                #expect(document.entries.map(\.previousRank) == [1, 4, 2, nil, 3])
            }
        }
    }

    @Test func tableAlignsRankMovementAndPlays() throws {
        let result = try ToolRunner.run(
            "client", ["charts", "--now", Self.now, "--root", root], environment: ["TZ": "UTC"])
        #expect(result.status == 0, "\(result.stderr)")
        let t = Self.titles
        #expect(
            result.stdout == """
                RANK       PLAYS  TITLE
                1     =    3      \(t[0])
                2     ▲    2      \(t[1])
                3     ▼    2      \(t[3])
                4     NEW  1      \(t[4])
                5     ▼    1      \(t[2])

                """)
    }
}
