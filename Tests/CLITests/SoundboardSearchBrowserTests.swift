import Foundation
import TestSupport
import Testing

/// The web soundboard's search and facet chips on a phone (390×844) and a laptop (1280×800) in headless
/// Chromium (`Tests/Browser/search_test.py`): a search with no match among the atmospheres but matches
/// among the effects names the search (not the filters) and offers "N in Effects", which opens that tab
/// with the search kept; with a search each chip counts the matching items carrying its value; a chip
/// whose count drops to 0 stays in place, disabled. The demo catalog is published by the built
/// `catalog`, served by nginx, synced and partly installed by the built `client`; the two searches are
/// checked against `client search` first. Screenshots go to `.build/screenshots/search/`.
@Suite(
    "client serve: the page's search across kinds and its chip counts", .timeLimit(.minutes(3)), .serialized,
    .startsProcesses)
struct SoundboardSearchBrowserTests {
    @Test("'N in Effects' when the atmospheres have none, counts with the search, zero chips kept and disabled")
    func theSearchFindsAcrossKinds() async throws {
        let tmp = try TemporaryDirectory(prefix: "soundboard-search")
        let root = tmp.path("root")
        func json(_ arguments: [String]) throws -> [String: Any] {
            let result = try ToolRunner.run("client", arguments + ["--root", root, "--json"])
            try #require(result.status == 0, "client \(arguments.joined(separator: " ")) failed: \(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
            return try #require(object, "client \(arguments.first ?? "") printed no JSON object: \(result.stdout)")
        }
        func count(_ query: String, _ kind: String) throws -> Int {
            try #require(
                try json(["search", query, "--kind", kind])["total"] as? Int, "client search printed no total")
        }

        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.path("dist")
        let publish = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        try #require(publish.status == 0, "catalog publish failed: \(publish.stderr)")
        let nginx = try NginxServer(root: dist)
        defer { nginx.stop() }
        _ = try json(["sync", "--catalog", nginx.baseURL.absoluteString])
        _ = try json(["install", SoundboardBrowserTests.dungeon])

        // "door": no atmosphere, some effects; "tavern": some atmospheres (the tab the page opens on).
        try #require(try count("door", "atmosphere") == 0, "the demo catalog has an atmosphere matching 'door'")
        try #require(try count("door", "sfx") > 0, "the demo catalog has no effect matching 'door'")
        try #require(try count("tavern", "atmosphere") > 0, "the demo catalog has no atmosphere matching 'tavern'")

        let server = try ServeProcess(root: root)
        defer { server.stop() }
        let screenshots = ToolRunner.repositoryRoot.appendingPathComponent(".build/screenshots/search").path
        let script = ToolRunner.repositoryRoot.appendingPathComponent("Tests/Browser/search_test.py").path
        let run = try await SoundboardBrowserTests.onOwnThread {
            try ToolRunner.run(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", script, "--url", server.url, "--screenshots", screenshots, "--elsewhere", "door",
                    "--counted", "tavern",
                ],
                environment: ["SE_AVOID_STATS": "true", "PYTHONUNBUFFERED": "1"], timeout: 150)
        }
        try #require(!run.timedOut, "the search test ran over 150 s and was stopped:\n\(run.stdout)\n\(run.stderr)")
        #expect(
            run.status == 0,
            "the search test failed:\n\(run.stdout)\n\(run.stderr)\nserver output:\n\(server.outputText)")
    }
}
