import Foundation
import LibraryClient

/// `soundshelf-bench music [--tracks 10000] [--rounds 3]`: one music entry whose Apple Music and
/// Spotify playlists each hold `--tracks` tracks (half of the Spotify ones are the Apple Music
/// songs again, under an ISRC differing in case), served as the services' JSON pages by nginx
/// on 127.0.0.1. Times `client music refresh` as a child process (first refresh into an empty
/// cache, then `--force` over a full one, where Spotify's unchanged snapshot skips its pages)
/// and reports its peak RSS (wait4) and the canonical track count.
enum MusicBench {
    static func run(_ args: [String]) async throws -> String {
        let count = BenchArgs.int(args, "--tracks") ?? 10_000
        let rounds = BenchArgs.int(args, "--rounds") ?? 3
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("soundshelf-music-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let source = work.appendingPathComponent("source")
        let dist = work.appendingPathComponent("dist")
        try FileManager.default.createDirectory(
            at: source.appendingPathComponent("packs"), withIntermediateDirectories: true)
        try """
        title: Music Bench
        music:
          - id: 6a0c1a8e-5d0e-4d51-9b43-3f4f1e7d2a10
            title: Bench Mix
            appleMusicPlaylistId: pl.u-bench
            spotifyPlaylistId: spbench
        packs: packs/

        """.write(to: source.appendingPathComponent("catalog.yaml"), atomically: true, encoding: .utf8)
        let publish = try BenchProcess.run(
            BenchArgs.sibling("catalog"), ["publish", dist.path, "--source", source.path])
        guard publish.status == 0 else {
            throw BenchFailure(message: "catalog publish failed (status \(publish.status))")
        }
        let nginxWork = work.appendingPathComponent("nginx")
        try FileManager.default.createDirectory(at: nginxWork, withIntermediateDirectories: true)
        let nginx = try BenchNginx(root: dist.path, work: nginxWork, jsonSuffix: true)
        defer { nginx.stop() }
        let base = String(nginx.baseURL.dropLast())
        try MusicBenchPages.write(into: dist, tracks: count, base: base)

        let client = BenchArgs.sibling("client")
        let env = [
            "SOUNDSHELF_APPLE_MUSIC_TOKEN=bench-token", "SOUNDSHELF_SPOTIFY_TOKEN=bench-token",
            "SOUNDSHELF_APPLE_MUSIC_API=\(base)", "SOUNDSHELF_SPOTIFY_API=\(base)",
        ]
        var first = Samples()
        var again = Samples()
        var rss: [Int] = []
        var cpu: [Double] = []
        var canonical = 0
        for round in 0..<rounds {
            let root = work.appendingPathComponent("root-\(round)").path
            let sync = try BenchProcess.run(client, ["sync", "--catalog", nginx.baseURL, "--root", root])
            guard sync.status == 0 else { throw BenchFailure(message: "client sync failed (status \(sync.status))") }
            for (samples, extra) in [(0, [String]()), (1, ["--force"])] {
                var outcome = BenchProcess.Outcome(status: 0, maxRSSKiB: 0)
                let step: (() throws -> Int32) = {
                    outcome = try BenchProcess.run(
                        client, ["music", "refresh", "--root", root] + extra, extraEnvironment: env)
                    return outcome.status
                }
                if samples == 0 { try first.add(step) } else { try again.add(step) }
                guard outcome.status == 0 else {
                    throw BenchFailure(message: "client music refresh failed (status \(outcome.status))")
                }
                rss.append(outcome.maxRSSKiB)
                cpu.append(outcome.cpuSeconds)
            }
            let library = try Library(root: URL(fileURLWithPath: root), mode: .sql)
            canonical = try await library.music.fetchTracks(TrackQuery(limit: 1)).total
            try? FileManager.default.removeItem(atPath: root)
        }
        func f(_ x: Double) -> String { String(format: "%.2f", x) }
        return """
            music benchmark: one entry, \(count) Apple Music + \(count) Spotify tracks (\(count / 2) shared by ISRC) from nginx on 127.0.0.1, \(rounds) rounds
              first refresh (empty cache, \(2 * count / 100) pages + dedup): best \(f(first.best)) s, median \(f(first.median)) s
              forced refresh (full cache; Spotify snapshot unchanged): best \(f(again.best)) s, median \(f(again.median)) s
              canonical tracks: \(canonical) (expected \(count + count / 2))
              client peak RSS: \(String(format: "%.1f", Double(rss.max() ?? 0) / 1024)) MB max; CPU (user + sys) per run: \(cpu.map(f))
              load average (1/5/15 min): \(LoadAverage.now())
            """
    }
}

/// The fake services' JSON pages, written as files nginx serves (`/a/b` answered from `a/b.json`).
enum MusicBenchPages {
    static func write(into dist: URL, tracks count: Int, base: String) throws {
        let apple = dist.appendingPathComponent("v1/catalog/us/playlists")
        let spotify = dist.appendingPathComponent("v1/playlists")
        try FileManager.default.createDirectory(
            at: apple.appendingPathComponent("pl.u-bench"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: spotify.appendingPathComponent("spbench"), withIntermediateDirectories: true)
        try json(
            [
                "data": [
                    [
                        "id": "pl.u-bench", "type": "playlists",
                        "attributes": ["name": "Bench Mix", "curatorName": "bench"],
                    ]
                ]
            ],
            apple.appendingPathComponent("pl.u-bench.json"))
        try json(
            ["name": "Bench Mix", "snapshot_id": "snap-1", "tracks": ["total": count]],
            spotify.appendingPathComponent("spbench.json"))
        let pages = (count + 99) / 100
        for page in 0..<pages {
            let range = (page * 100)..<min(count, page * 100 + 100)
            let songs: [[String: Any]] = range.map { n in
                [
                    "id": "am\(n)", "type": "songs",
                    "attributes": [
                        "name": "Song \(n)", "artistName": "Artist \(n % 500)", "albumName": "Album \(n % 1000)",
                        "durationInMillis": 180_000 + n, "isrc": String(format: "USBEN%07d", n),
                        "artwork": ["url": "https://is1.example/\(n)/{w}x{h}.jpg"],
                        "genreNames": ["Ambient", "Genre \(n % 7)"],
                        "releaseDate": "2020-01-01",
                    ],
                ]
            }
            let appleName = page == 0 ? "tracks" : "tracks-p\(page + 1)"
            var applePage: [String: Any] = ["data": songs]
            if page + 1 < pages { applePage["next"] = "/v1/catalog/us/playlists/pl.u-bench/tracks-p\(page + 2)" }
            try json(applePage, apple.appendingPathComponent("pl.u-bench/\(appleName).json"))

            let items: [[String: Any]] = range.map { n in
                let shared = n % 2 == 0
                return [
                    "added_at": "2021-01-01T00:00:00Z", "is_local": false,
                    "track": [
                        "id": "sp\(n)", "name": shared ? "Song \(n)" : "Other \(n)", "duration_ms": 180_000 + n,
                        "external_ids": [
                            "isrc": shared ? String(format: "usben%07d", n) : String(format: "SEBEN%07d", n)
                        ],
                        "album": [
                            "name": "Album \(n % 1000) (Remastered)",
                            "images": [["url": "https://i.scdn.example/\(n).jpg"]],
                        ],
                        "artists": [["name": "Artist \(n % 500)"]], "popularity": n % 100,
                    ],
                ]
            }
            let spotifyName = page == 0 ? "tracks" : "tracks-p\(page + 1)"
            let next: Any = page + 1 < pages ? "\(base)/v1/playlists/spbench/tracks-p\(page + 2)" : NSNull()
            try json(["items": items, "next": next], spotify.appendingPathComponent("spbench/\(spotifyName).json"))
        }
    }

    private static func json(_ value: Any, _ url: URL) throws {
        try JSONSerialization.data(withJSONObject: value).write(to: url)
    }
}
