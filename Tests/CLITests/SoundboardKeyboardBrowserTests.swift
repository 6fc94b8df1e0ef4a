import Foundation
import TestSupport
import Testing

/// The web soundboard by keyboard alone on a phone (390×844) and a laptop (1280×800) in headless
/// Chromium (`Tests/Browser/keyboard_test.py`): from a fresh page the first playable ▶ is within 5 Tab
/// presses of the top (through "Skip to the sounds"), Enter on it plays it, no Tab stop is hidden under
/// the sticky header or the now-playing bar (over 40 presses from the top and 40 each way around the
/// playing ▶), and each facet chip's name reads "Coastal, 1 item". The demo catalog is published by the
/// built `catalog`, served by nginx, synced and partly installed by the built `client` (sound effects,
/// and the looping atmospheres, after six atmospheres not installed, so the opening tab has both), with
/// a scene, so every row carries its "+". Screenshots go to `.build/screenshots/keyboard/`.
@Suite(
    "client serve: the page by keyboard on a phone and a laptop", .timeLimit(.minutes(3)), .serialized,
    .startsProcesses)
struct SoundboardKeyboardBrowserTests {
    @Test("the first ▶ within 5 Tab presses, Enter plays it, no focus under a bar, chips named naturally")
    func theKeyboardReachesAndPlays() async throws {
        let page = try DemoPageLibrary(
            prefix: "soundboard-keyboard", installing: [SoundboardBrowserTests.dungeon, "table-beds"])
        defer { withExtendedLifetime(page) {} }  // nginx serves the catalog to the end
        let root = page.root
        let json = page.json
        let items = page.items

        // The page opens on the atmospheres: some installed (a ▶ to reach), some not before them.
        let atmospheres = items(try json(["list", "--kind", "atmosphere"]))
        let first = try #require(
            atmospheres.firstIndex { $0["available"] as? Bool == true },
            "the demo pack table-beds needs an installed atmosphere")
        try #require(first > 0, "the test wants not-installed atmospheres listed before the first playable one")
        _ = try json(["scene", "create", "Storm over the harbour at night"])
        _ = try json(["scene", "add", "Storm over the harbour at night", atmospheres[first]["id"] as? String ?? ""])

        let server = try ServeProcess(root: root)
        defer { server.stop() }
        let screenshots = ToolRunner.repositoryRoot.appendingPathComponent(".build/screenshots/keyboard").path
        let script = ToolRunner.repositoryRoot.appendingPathComponent("Tests/Browser/keyboard_test.py").path
        let run = try await SoundboardBrowserTests.onOwnThread {
            try ToolRunner.run(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", script, "--url", server.url, "--screenshots", screenshots],
                environment: ["SE_AVOID_STATS": "true", "PYTHONUNBUFFERED": "1"], timeout: 150)
        }
        try #require(!run.timedOut, "the keyboard test ran over 150 s and was stopped:\n\(run.stdout)\n\(run.stderr)")
        #expect(
            run.status == 0,
            "the keyboard test failed:\n\(run.stdout)\n\(run.stderr)\nserver output:\n\(server.outputText)")
    }
}
