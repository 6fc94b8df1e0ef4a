import Foundation
import TestSupport
import Testing

/// The web soundboard's layout on a phone (390×844) and a laptop (1280×800) in headless Chromium
/// (`Tests/Browser/layout_test.py`): in every view the top menu offers, with the Filters open on the
/// phone, two layers in the now-playing bar, a scene board and a status message, no text wraps inside
/// a word, no control is clipped or on top of another, and the page never scrolls sideways. The demo
/// catalog is published by the built `catalog`, served by nginx, synced and partly installed by the
/// built `client` (two packs: sound effects, and the looping atmospheres that keep the bar on screen),
/// with a scene of five sounds. Screenshots of every state go to `.build/screenshots/layout/`.
@Suite(
    "client serve: the page's layout on a phone and a laptop", .timeLimit(.minutes(3)), .serialized, .startsProcesses)
struct SoundboardLayoutBrowserTests {
    @Test("no word wraps, no control is clipped or overlapped, no sideways scroll at 390×844 and 1280×800")
    func theLayoutFitsAPhoneAndALaptop() async throws {
        let page = try DemoPageLibrary(
            prefix: "soundboard-layout", installing: [SoundboardBrowserTests.dungeon, "table-beds"])
        defer { withExtendedLifetime(page) {} }  // nginx serves the catalog to the end
        let root = page.root
        let json = page.json
        let items = page.items

        // A scene whose tiles carry hotkeys beside long titles: installed atmospheres and effects,
        // and one sound not installed.
        let atmospheres = items(try json(["list", "--kind", "atmosphere"]))
        let effects = items(try json(["list", "--kind", "sfx"]))
        let installed = atmospheres.filter { $0["available"] as? Bool == true }
        try #require(installed.count >= 2, "the demo pack table-beds needs two atmospheres to keep the bar playing")
        let playable = effects.filter { $0["available"] as? Bool == true }
        let missing = effects.filter { $0["available"] as? Bool != true }
        let scene: [[String: Any]] = Array(installed.prefix(2)) + Array(playable.prefix(2)) + Array(missing.prefix(1))
        _ = try json(["scene", "create", "Storm over the harbour at night"])
        _ = try json(["scene", "add", "Storm over the harbour at night"] + scene.compactMap { $0["id"] as? String })

        let server = try ServeProcess(root: root)
        defer { server.stop() }
        let screenshots = ToolRunner.repositoryRoot.appendingPathComponent(".build/screenshots/layout").path
        let script = ToolRunner.repositoryRoot.appendingPathComponent("Tests/Browser/layout_test.py").path
        let run = try await SoundboardBrowserTests.onOwnThread {
            try ToolRunner.run(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", script, "--url", server.url, "--screenshots", screenshots],
                environment: ["SE_AVOID_STATS": "true", "PYTHONUNBUFFERED": "1"], timeout: 150)
        }
        try #require(!run.timedOut, "the layout test ran over 150 s and was stopped:\n\(run.stdout)\n\(run.stderr)")
        #expect(
            run.status == 0,
            "the layout test failed:\n\(run.stdout)\n\(run.stderr)\nserver output:\n\(server.outputText)")
    }
}
