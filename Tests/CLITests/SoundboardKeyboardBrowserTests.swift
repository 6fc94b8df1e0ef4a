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
        let tmp = try TemporaryDirectory(prefix: "soundboard-keyboard")
        let root = tmp.path("root")
        func json(_ arguments: [String]) throws -> [String: Any] {
            let result = try ToolRunner.run("client", arguments + ["--root", root, "--json"])
            try #require(result.status == 0, "client \(arguments.joined(separator: " ")) failed: \(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
            return try #require(object, "client \(arguments.first ?? "") printed no JSON object: \(result.stdout)")
        }
        func items(_ document: [String: Any]) -> [[String: Any]] { document["items"] as? [[String: Any]] ?? [] }

        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.path("dist")
        let publish = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        try #require(publish.status == 0, "catalog publish failed: \(publish.stderr)")
        let nginx = try NginxServer(root: dist)
        defer { nginx.stop() }
        _ = try json(["sync", "--catalog", nginx.baseURL.absoluteString])
        _ = try json(["install", SoundboardBrowserTests.dungeon])
        _ = try json(["install", "table-beds"])

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
