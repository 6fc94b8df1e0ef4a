import CatalogModel
import Foundation
import TestSupport
import Testing

/// `client play`, `plays import`, `history`, `charts` and `stats` as a user runs them: the JSON
/// shapes, CSV, the local time zone from TZ, bad files, and two processes recording at once.
@Suite(.timeLimit(.minutes(10)), .serialized, .startsProcesses) struct ListeningCLITests {
    let tmp: TemporaryDirectory
    let root: String
    let dist: FixtureCatalog

    init() throws {
        tmp = try TemporaryDirectory(prefix: "listening-cli")
        root = tmp.path("root")
        dist = FixtureCatalog(folder: tmp.url.appendingPathComponent("dist"))
        try dist.publish(seed: Self.seed, catalogVersion: 1)
    }

    static let seed = SeedFactory.seed(
        version: 1,
        music: [
            SeedFactory.music(1, "Into the Underdark"), SeedFactory.music(2, "Tavern, \"Night\""),
        ],
        packs: [
            SeedFactory.pack(
                10, "dungeon-delve", kind: .sfx, items: [SeedFactory.item(11, "Creaking Door", duration: 20)])
        ])

    func client(_ args: [String], env: [String: String] = [:]) throws -> ToolRunner.Result {
        try ToolRunner.run("client", args + ["--root", root], environment: env)
    }

    func json(_ args: [String], env: [String: String] = [:]) throws -> [String: Any] {
        let result = try client(args + ["--json"], env: env)
        #expect(result.status == 0, "client \(args) failed: \(result.stderr)")
        return try #require(
            try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(result.stdout)")
    }

    func synced() throws -> Self {
        _ = try json(["sync", "--catalog", dist.folder.path])
        return self
    }

    @Test func playOutcomesAsJSON() throws {
        let cli = try synced()
        let song = SeedFactory.id(1)
        let stored = try cli.json(["play", song.uppercased(), "--played", "240", "--at", "2031-01-01T10:00:00+01:00"])
        #expect(Set(stored.keys) == ["counted", "playId", "target", "at", "source"])
        #expect(stored["counted"] as? Bool == true && stored["target"] as? String == song)
        #expect(stored["at"] as? String == "2031-01-01T09:00:00Z" && stored["source"] as? String == "app")
        #expect(CanonicalID.parse(stored["playId"] as? String ?? "") != nil)
        let duplicate = try cli.json([
            "play", song, "--played", "240", "--at", "2031-01-01T09:01:30Z", "--source", "sync",
        ])
        #expect(duplicate as NSDictionary == ["counted": false, "reason": "duplicate"] as NSDictionary)
        let short = try cli.json(["play", SeedFactory.id(11), "--played", "19"])
        #expect(short as NSDictionary == ["counted": false, "reason": "short", "needed": 20] as NSDictionary)
        let early = try cli.json(["play", song, "--played", "240", "--at", "2020-01-01T00:00:00Z"])
        #expect(early as NSDictionary == ["counted": false, "reason": "before-install"] as NSDictionary)
        let manual = try cli.json([
            "play", song, "--played", "240", "--at", "2020-01-01T00:00:00Z", "--source", "manual",
        ])
        #expect(manual["counted"] as? Bool == true && manual["source"] as? String == "manual")
        let unknown = try cli.client(["play", "track:nope", "--played", "240"])
        #expect(unknown.status != 0 && unknown.stderr.contains("track:nope"))
        let badTime = try cli.client(["play", song, "--played", "240", "--at", "tomorrow"])
        #expect(badTime.status != 0 && badTime.stderr.contains("tomorrow"))
    }

    @Test func historyAsJSONAndCSV() throws {
        let cli = try synced()
        for (n, at) in [(1, "2031-01-01T09:00:00Z"), (2, "2031-01-01T10:00:00Z"), (1, "2031-01-01T11:00:00Z")] {
            _ = try cli.json(["play", SeedFactory.id(n), "--played", "300", "--at", at])
        }
        let first = try cli.json(["history", "--limit", "2"])
        let plays = try #require(first["plays"] as? [[String: Any]])
        #expect(plays.map { $0["at"] as? String } == ["2031-01-01T11:00:00Z", "2031-01-01T10:00:00Z"])
        #expect(Set(plays[0].keys) == ["playId", "target", "title", "at", "source"])
        let cursor = try #require(first["nextCursor"] as? String)
        let second = try cli.json(["history", "--limit", "2", "--after", cursor])
        #expect((second["plays"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Into the Underdark"])
        #expect(second["nextCursor"] is NSNull)
        let csv = try cli.client(["history", "--format", "csv", "--since", "2031-01-01T10:00:00Z"])
        let lines = csv.stdout.components(separatedBy: "\r\n")
        #expect(lines.first == "play_id,target,title,at,source" && lines.count == 4 && lines.last == "")
        #expect(lines[2].hasSuffix(",\(SeedFactory.id(2)),\"Tavern, \"\"Night\"\"\",2031-01-01T10:00:00Z,app"))
    }

    @Test func importChartsAndStats() throws {
        let cli = try synced()
        let file = tmp.url.appendingPathComponent("counts.json")
        func write(_ captured: String, _ counts: [(Int, Int)]) throws {
            let songs = counts.map { "{\"target\": \"\(SeedFactory.id($0.0))\", \"playCount\": \($0.1)}" }.joined(
                separator: ",")
            try Data("{\"capturedAt\": \"\(captured)\", \"songs\": [\(songs)]}".utf8).write(to: file)
        }
        try write("2026-03-01T00:00:00Z", [(1, 3), (2, 5)])
        let first = try cli.json(["plays", "import", file.path])
        #expect(first as NSDictionary == ["created": 8, "estimated": 8, "skipped": false] as NSDictionary)
        try write("2026-03-02T00:00:00Z", [(1, 4)])
        #expect(
            try cli.json(["plays", "import", file.path]) as NSDictionary == [
                "created": 0, "estimated": 0, "skipped": true,
            ] as NSDictionary)
        #expect(
            try cli.json(["plays", "import", file.path, "--force"]) as NSDictionary
                == ["created": 1, "estimated": 0, "skipped": false] as NSDictionary)
        // An unknown target: an error naming its JSON path, nothing imported.
        try Data(
            "{\"capturedAt\": \"2026-03-03T00:00:00Z\", \"songs\": [{\"target\": \"\(SeedFactory.id(1))\", \"playCount\": 9}, {\"target\": \"track:gone\", \"playCount\": 1}]}"
                .utf8
        ).write(to: file)
        let bad = try cli.client(["plays", "import", file.path, "--force"])
        #expect(bad.status != 0 && bad.stderr.contains("$.songs[1].target") && bad.stderr.contains("track:gone"))
        let chart = try cli.json(["charts", "--now", "2026-03-05T00:00:00Z"])
        #expect(chart["period"] as? String == "all" && chart["from"] is NSNull && chart["to"] is NSNull)
        let entries = try #require(chart["entries"] as? [[String: Any]])
        #expect(entries.map { $0["plays"] as? Int } == [5, 4])
        #expect(Set(entries[0].keys) == ["rank", "previousRank", "movement", "plays", "target", "title"])
        #expect(entries[0]["title"] as? String == "Tavern, \"Night\"" && entries[0]["previousRank"] as? Int == 1)
        #expect(entries[1]["movement"] as? String == "same")
        let table = try cli.client(["charts", "--now", "2026-03-05T00:00:00Z", "--limit", "1"])
        #expect(table.stdout.contains("Tavern") && !table.stdout.contains("Underdark"))
        let stats = try cli.json(["stats", "--now", "2026-03-05T00:00:00Z"])
        #expect(stats["allTime"] as? Int == 9)
        #expect(
            stats["bySource"] as? NSDictionary == ["app": 0, "sync": 1, "manual": 0, "estimated": 8] as NSDictionary)
        let both = try cli.client(["charts", "--kind", "music", "--tracks"])
        #expect(both.status != 0)
    }

    @Test func weeksFollowTheTimeZoneInTZ() throws {
        let cli = try synced()
        let berlin = try cli.json(
            ["charts", "--period", "week", "--now", "2026-03-30T00:30:00+02:00"], env: ["TZ": "Europe/Berlin"])
        #expect(
            berlin["from"] as? String == "2026-03-29T22:00:00Z" && berlin["to"] as? String == "2026-04-05T22:00:00Z")
        let la = try cli.json(
            ["charts", "--period", "week", "--now", "2026-03-08T23:30:00-07:00"], env: ["TZ": "America/Los_Angeles"])
        #expect(la["from"] as? String == "2026-03-02T08:00:00Z" && la["to"] as? String == "2026-03-09T07:00:00Z")
    }

    /// Two processes each record 200 plays (their own target, an hour apart) at the same time:
    /// exactly 400 are stored.
    @Test func twoProcessesRecordingAtOnceLoseNothing() throws {
        let cli = try synced()
        let tool = ToolRunner.productsDirectory.appendingPathComponent("client").path
        let loops = [(1, 0), (2, 1800)].map { n, offset -> Process in
            let script = """
                i=0; while [ $i -lt 200 ]; do
                  t=$(( 1956528000 + i * 3600 + \(offset) ))
                  "$0" play \(SeedFactory.id(n)) --played 300 --at "$(date -u -d @$t +%Y-%m-%dT%H:%M:%SZ)" --root "$1" --json >/dev/null || exit 1
                  i=$((i + 1)); done
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, tool, root]
            return process
        }
        for process in loops { try process.run() }
        for process in loops { process.waitUntilExit() }
        #expect(loops.allSatisfy { $0.terminationStatus == 0 })
        let stats = try cli.json(["stats", "--now", "2040-01-01T00:00:00Z"])
        #expect(stats["allTime"] as? Int == 400)
        let history = try cli.json(["history", "--limit", "1000"])
        #expect((history["plays"] as? [[String: Any]])?.count == 400)
    }
}
