import Foundation
import TestSupport
import Testing

/// An item's details, the scene a row's "+" adds to, "Install pack" on a row and a pack's size before its
/// install, on a phone (390×844) and a laptop (1280×800) in headless Chromium
/// (`Tests/Browser/details_test.py`): a click on an installed effect's title shows the tags, pack, license
/// and loudness the API gives, with a waveform and a ▶ Play that plays it; "+ adds to the scene" names and
/// chooses the target, a row's "+" turns ✓ once its item is in that scene; the Packs view says each
/// not-installed pack's size from the catalog; one click on a row's "Install pack" makes it playable. The
/// demo catalog is published by the built `catalog`, served by nginx, synced and partly installed by the
/// built `client`. Screenshots go to `.build/screenshots/details/`.
@Suite(
    "client serve: an item's details, the scene '+' adds to, install from a row", .timeLimit(.minutes(3)),
    .serialized, .startsProcesses)
struct SoundboardDetailsBrowserTests {
    @Test("details from a title, '+' names its scene and shows ✓, sizes before install, Install pack on a row")
    func detailsAndActions() async throws {
        let page = try DemoPageLibrary(prefix: "soundboard-details", installing: [SoundboardBrowserTests.dungeon])
        defer { withExtendedLifetime(page) {} }  // nginx serves the catalog to the end
        let server = try ServeProcess(root: page.root)
        defer { server.stop() }
        let screenshots = ToolRunner.repositoryRoot.appendingPathComponent(".build/screenshots/details").path
        let script = ToolRunner.repositoryRoot.appendingPathComponent("Tests/Browser/details_test.py").path
        let run = try await SoundboardBrowserTests.onOwnThread {
            try ToolRunner.run(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", script, "--url", server.url, "--screenshots", screenshots],
                environment: ["SE_AVOID_STATS": "true", "PYTHONUNBUFFERED": "1"], timeout: 150)
        }
        try #require(!run.timedOut, "the details test ran over 150 s and was stopped:\n\(run.stdout)\n\(run.stderr)")
        #expect(
            run.status == 0,
            "the details test failed:\n\(run.stdout)\n\(run.stderr)\nserver output:\n\(server.outputText)")
    }
}
