import Foundation
import TestSupport
import Testing

/// The web soundboard of `client serve` in a real headless Chromium, driven by WebDriver
/// (`Tests/Browser/soundboard_test.py`: selenium + Debian's chromedriver, both from
/// scripts/bootstrap). The demo catalog is published by the built `catalog`, served by nginx,
/// synced and partly installed by the built `client`; what the page must show comes from the
/// CLI's own `--json`. Screenshots of every run go to `.build/screenshots/`.
@Suite("client serve: the web page in a browser", .timeLimit(.minutes(3)), .serialized, .startsProcesses)
struct SoundboardBrowserTests {
    static let dungeon = "a731dff3-4c29-42a8-b2ee-35179ce591f7"
    static let forest = "2735046c-1cbc-4599-a6af-c7503fb4e6ff"

    let tmp: TemporaryDirectory
    let root: String

    init() throws {
        tmp = try TemporaryDirectory(prefix: "soundboard-browser")
        root = tmp.path("root")
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try ToolRunner.run("client", arguments + ["--root", root, "--json"])
        try #require(result.status == 0, "client \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
        return try #require(object, "client \(arguments.first ?? "") printed no JSON object: \(result.stdout)")
    }

    func items(_ document: [String: Any]) -> [[String: Any]] { document["items"] as? [[String: Any]] ?? [] }

    @Test("filter by a location chip, play, install with progress, favorite, build and reorder a scene, chart")
    func soundboard() async throws {
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.path("dist")
        let publish = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        try #require(publish.status == 0, "catalog publish failed: \(publish.stderr)")
        let nginx = try NginxServer(root: dist)
        defer { nginx.stop() }
        _ = try json(["sync", "--catalog", nginx.baseURL.absoluteString])
        _ = try json(["install", Self.dungeon])

        // What the page must show, from the CLI: sfx counts before and after choosing a location
        // that narrows the list (the first one whose count is below the total).
        let before = try json(["facets", "--kind", "sfx"])
        let total = try #require(before["total"] as? Int)
        let locations = (before["facets"] as? [String: Any])?["locations"] as? [[String: Any]] ?? []
        let location = try #require(
            locations.first { ($0["count"] as? Int ?? 0) < total }?["name"] as? String,
            "the demo catalog needs an sfx location chip that narrows the list")
        let after = try json(["facets", "--kind", "sfx", "--location", location])
        let listed = items(try json(["list", "--kind", "sfx", "--location", location]))
        let all = items(try json(["list", "--kind", "sfx"]))
        try #require(all.count >= 3, "the demo catalog needs 3 sounds to build a scene from")
        let playable = listed.filter { $0["available"] as? Bool == true }
        let play = try #require(
            playable.min { ($0["duration"] as? Double ?? 1e9) < ($1["duration"] as? Double ?? 1e9) },
            "no installed sound under '\(location)'")

        // Plays recorded before the page opens, so the chart has a known leader.
        // Not the sound the page plays, whose play would add to these.
        let leader = try #require(all.last { $0["id"] as? String != play["id"] as? String })
        let leaderID = try #require(leader["id"] as? String)
        for hoursAgo in [1, 2, 3] {
            let at = ISO8601DateFormatter().string(from: Date().addingTimeInterval(Double(-3600 * hoursAgo)))
            _ = try json(["play", leaderID, "--played", "600", "--at", at, "--source", "manual"])
        }

        // Atmospheres of the pack the page installs that its manifest marks loopable: the page loops those.
        let loopable = try Self.loopableItemIDs(pack: Self.forest, dist: dist)
        let forestItems = items(try json(["list", "--kind", "atmosphere"])).filter {
            $0["packId"] as? String == Self.forest && loopable.contains($0["id"] as? String ?? "")
        }
        try #require(forestItems.count >= 2, "the demo pack forest-ambience needs two loopable atmospheres")
        let atmosphere = forestItems[0]
        // The page's search, with the first location chip of the atmospheres that holds the second
        // atmosphere chosen, as `client search` says.
        let atmosphereFacets = try json(["facets", "--kind", "atmosphere"])
        let atmosphereLocations =
            ((atmosphereFacets["facets"] as? [String: Any])?["locations"] as? [[String: Any]] ?? [])
            .compactMap { $0["name"] as? String }
        let secondID = forestItems[1]["id"] as? String
        let firstLocation = try #require(
            try atmosphereLocations.first { name in
                items(try json(["list", "--kind", "atmosphere", "--location", name])).contains {
                    $0["id"] as? String == secondID
                }
            })
        let secondTitle = try #require(forestItems[1]["title"] as? String)
        let query = String(secondTitle.lowercased().prefix(3))
        let found = items(try json(["search", query, "--kind", "atmosphere", "--location", firstLocation]))
        // Favorited by another process while the page is open: it must show up without a reload.
        let liveFavorite = try #require(all.first { $0["id"] as? String != listed[0]["id"] as? String })
        let sceneItems = all.prefix(3).map { ["id": $0["id"] ?? "", "title": $0["title"] ?? ""] }
        let expected: [String: Any] = [
            "kind": "sfx", "location": location, "before": before, "after": after,
            "afterTitles": listed.compactMap { $0["title"] as? String },
            "play": ["id": play["id"] ?? "", "title": play["title"] ?? "", "duration": play["duration"] ?? NSNull()],
            "install": ["id": Self.forest, "title": "Forest Ambience"],
            "atmosphere": ["id": atmosphere["id"] ?? "", "title": atmosphere["title"] ?? ""],
            "secondAtmosphere": ["id": forestItems[1]["id"] ?? "", "title": secondTitle],
            "search": [
                "query": query, "location": firstLocation, "titles": found.compactMap { $0["title"] as? String },
            ],
            "favorite": ["id": listed[0]["id"] ?? "", "title": listed[0]["title"] ?? ""],
            "scene": ["title": "Crypt crawl", "renamed": "Crypt crawl, night two", "items": Array(sceneItems)],
            "chartTop": ["target": leaderID, "title": leader["title"] ?? "", "plays": 3],
            "liveFavorite": ["id": liveFavorite["id"] ?? "", "title": liveFavorite["title"] ?? ""],
            "client": ToolRunner.productsDirectory.appendingPathComponent("client").path, "root": root,
        ]
        let expectedFile = try tmp.write(
            "expected.json", JSONSerialization.data(withJSONObject: expected, options: [.prettyPrinted]))

        let server = try ServeProcess(root: root)
        defer { server.stop() }
        let screenshots = ToolRunner.repositoryRoot.appendingPathComponent(".build/screenshots").path
        let script = ToolRunner.repositoryRoot.appendingPathComponent("Tests/Browser/soundboard_test.py").path
        let run = try await Self.onOwnThread {
            try ToolRunner.run(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", script, "--url", server.url, "--expected", expectedFile,
                    "--screenshots", screenshots,
                ],
                environment: ["SE_AVOID_STATS": "true", "PYTHONUNBUFFERED": "1"], timeout: 120)
        }
        try #require(!run.timedOut, "the browser test ran over 120 s and was stopped:\n\(run.stdout)\n\(run.stderr)")
        try #require(
            run.status == 0,
            "the browser test failed:\n\(run.stdout)\n\(run.stderr)\nserver output:\n\(server.outputText)")

        // What the page did is in the data root, as the CLI sees it.
        let packs = try json(["packs"])["packs"] as? [[String: Any]] ?? []
        #expect(packs.first { $0["id"] as? String == Self.forest }?["state"] as? String == "not_downloaded")
        #expect(
            items(try json(["favorites"])).compactMap { $0["id"] as? String }
                == [liveFavorite["id"] as? String, listed[0]["id"] as? String])
        let ids = sceneItems.compactMap { $0["id"] as? String }
        let scene = try json(["scene", "show", "Crypt crawl, night two"])
        #expect(
            items(scene).compactMap { $0["id"] as? String } == [ids[0], ids[2], ids[1], atmosphere["id"] as? String])
        let history = try json(["history"])["plays"] as? [[String: Any]] ?? []
        #expect(
            history.contains { $0["target"] as? String == play["id"] as? String && $0["source"] as? String == "app" },
            "the page's play of '\(play["title"] ?? "")' was not recorded: \(history)")
    }

    /// The item ids whose asset the published manifest of `pack` marks `"loopable": true`.
    static func loopableItemIDs(pack: String, dist: String) throws -> Set<String> {
        let folder = URL(fileURLWithPath: dist).appendingPathComponent("packs/\(pack)")
        let manifests =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "manifest.json" } ?? []
        let manifest = try #require(manifests.first, "no manifest.json published under \(folder.path)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any]
        let assets = document?["assets"] as? [[String: Any]] ?? []
        return Set(assets.filter { $0["loopable"] as? Bool == true }.compactMap { $0["itemId"] as? String })
    }

    /// Runs `work` on a thread of its own, so waiting for the browser never blocks the few
    /// threads Swift concurrency shares between all tests running in parallel.
    static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }
}
