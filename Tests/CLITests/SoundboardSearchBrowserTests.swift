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
        let page = try DemoPageLibrary(prefix: "soundboard-search", installing: [SoundboardBrowserTests.dungeon])
        defer { withExtendedLifetime(page) {} }  // nginx serves the catalog to the end
        let root = page.root
        let json = page.json
        func count(_ query: String, _ kind: String) throws -> Int {
            try #require(
                try json(["search", query, "--kind", kind])["total"] as? Int, "client search printed no total")
        }

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
