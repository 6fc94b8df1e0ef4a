import Foundation
import TestSupport
import Testing

/// The soundboard's Credits view in headless Chromium (`Tests/Browser/credits_test.py`): it lists
/// exactly what `client credits --json` lists (and `--installed` with the box ticked), and the
/// library marks a non-commercial item's row "NC".
@Suite("client serve: the Credits view in a browser", .timeLimit(.minutes(3)), .serialized, .startsProcesses)
struct CreditsBrowserTests {
    @Test func theCreditsViewListsWhatClientCreditsLists() async throws {
        let tmp = try TemporaryDirectory(prefix: "credits-browser")
        let root = tmp.path("root")
        func json(_ arguments: [String]) throws -> Any {
            let result = try ToolRunner.run("client", arguments + ["--root", root, "--json"])
            try #require(result.status == 0, "client \(arguments.joined(separator: " ")) failed: \(result.stderr)")
            return try JSONSerialization.jsonObject(with: result.stdoutData)
        }
        let source = try LicensedCatalog.make(in: tmp)
        let publish = try ToolRunner.run("catalog", ["publish", tmp.path("dist"), "--source", source])
        try #require(publish.status == 0, "catalog publish failed: \(publish.stderr)")
        _ = try json(["sync", "--catalog", tmp.path("dist")])
        _ = try json(["install", LicensedCatalog.forest])
        let sfx = (try json(["list", "--kind", "sfx"]) as? [String: Any])?["items"] as? [[String: Any]] ?? []
        let door = try #require(sfx.first { $0["title"] as? String == "Creaking Door" })
        let other = try #require(sfx.first { $0["title"] as? String != "Creaking Door" })
        let expected: [String: Any] = [
            "all": try json(["credits"]), "installed": try json(["credits", "--installed"]),
            "nonCommercial": ["id": door["id"] ?? "", "title": "Creaking Door"],
            "commercial": ["id": other["id"] ?? "", "title": other["title"] ?? ""],
        ]
        let expectedFile = try tmp.write("expected.json", JSONSerialization.data(withJSONObject: expected))

        let server = try ServeProcess(root: root)
        defer { server.stop() }
        let screenshots = ToolRunner.repositoryRoot.appendingPathComponent(".build/screenshots").path
        let script = ToolRunner.repositoryRoot.appendingPathComponent("Tests/Browser/credits_test.py").path
        let run = try await SoundboardBrowserTests.onOwnThread {
            try ToolRunner.run(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", script, "--url", server.url, "--expected", expectedFile, "--screenshots", screenshots],
                environment: ["SE_AVOID_STATS": "true", "PYTHONUNBUFFERED": "1"], timeout: 120)
        }
        try #require(!run.timedOut, "the browser test ran over 120 s:\n\(run.stdout)\n\(run.stderr)")
        #expect(
            run.status == 0, "the browser test failed:\n\(run.stdout)\n\(run.stderr)\nserver:\n\(server.outputText)")
    }
}
