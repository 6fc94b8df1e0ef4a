import Foundation
import TestSupport
import Testing

/// The web soundboard's finish on a phone (390×844) and a laptop (1280×800) in headless Chromium
/// (`Tests/Browser/polish_test.py`, helpers in `polish_pages.py`): a pack shows its size before it
/// installs, says "Installed" once with no bar, never reads "0 B of 0 B", and asks in the page before
/// an uninstall, saying what it frees; the Players panel says phones cannot open a 127.0.0.1 link and
/// how to let them (`--host 0.0.0.0`), copies each link and names it by what it is; a music entry links
/// to its playlist on Apple Music and its ♫ dialog asks for no terminal command; the listen page hides
/// Volume and Mute until Join and names what plays; an empty scene offers no Play, and the library
/// shows one scrollbar and keeps its list in place when the page's scrollbar comes or goes. The demo
/// catalog is published by the built `catalog`, served by nginx, synced and partly installed by the
/// built `client` (sound effects, and the looping atmospheres the listen page hears; the other packs
/// are left to install and uninstall). Screenshots of every state go to `.build/screenshots/polish/`.
@Suite(
    "client serve: the page's packs, players, music, listen page and scenes", .timeLimit(.minutes(3)), .serialized,
    .startsProcesses)
struct SoundboardPolishBrowserTests {
    @Test("sizes, confirmations, reachable links, playlists, what plays and one scrollbar at 390×844 and 1280×800")
    func thePageIsFinished() async throws {
        let page = try DemoPageLibrary(
            prefix: "soundboard-polish", installing: [SoundboardBrowserTests.dungeon, "table-beds"])
        defer { withExtendedLifetime(page) {} }  // nginx serves the catalog to the end
        let root = page.root
        let json = page.json
        let items = page.items

        // Two installed atmospheres for the listen page to name, and a pack left to install.
        let atmospheres = items(try json(["list", "--kind", "atmosphere"]))
        let installed = atmospheres.filter { $0["available"] as? Bool == true }
        try #require(installed.count >= 2, "the demo pack table-beds needs two atmospheres for the listen page")
        let packs = (try json(["packs"]))["packs"] as? [[String: Any]] ?? []
        let notInstalled = packs.filter {
            $0["state"] as? String == "not_downloaded" && $0["kind"] as? String != "music"
        }
        try #require(
            !notInstalled.isEmpty, "the demo catalog needs a pack that is not installed to install and uninstall")

        let server = try ServeProcess(root: root)
        defer { server.stop() }
        let screenshots = ToolRunner.repositoryRoot.appendingPathComponent(".build/screenshots/polish").path
        let script = ToolRunner.repositoryRoot.appendingPathComponent("Tests/Browser/polish_test.py").path
        let run = try await SoundboardBrowserTests.onOwnThread {
            try ToolRunner.run(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", script, "--url", server.url, "--screenshots", screenshots],
                environment: ["SE_AVOID_STATS": "true", "PYTHONUNBUFFERED": "1"], timeout: 150)
        }
        try #require(!run.timedOut, "the polish test ran over 150 s and was stopped:\n\(run.stdout)\n\(run.stderr)")
        #expect(
            run.status == 0,
            "the polish test failed:\n\(run.stdout)\n\(run.stderr)\nserver output:\n\(server.outputText)")
    }
}
