import Foundation
import TestSupport
import Testing

/// A data root holding the listen-along catalog (`Tests/Browser/listen_catalog.sh`: a looping bed of
/// bursts, a blip, an item of three takes with gain, pitch and wait draws, two steady beds for a
/// scene crossfade), published, synced and installed with the built tools, and the expected.json
/// that names its items for the browser scripts.
struct ListenLibrary {
    let tmp: TemporaryDirectory
    let root: String
    let expectedFile: String
    /// With `onTheWeb`, the nginx the catalog is synced and installed from (every file with
    /// `Access-Control-Allow-Origin: *`, as docs/RELAY.md asks of a catalog's host).
    let nginx: NginxServer?

    /// `onTheWeb`: synced over HTTP from nginx (kept running), else from the folder.
    init(prefix: String, onTheWeb: Bool = false) throws {
        tmp = try TemporaryDirectory(prefix: prefix)
        root = tmp.path("root")
        expectedFile = tmp.path("expected.json")
        let source = tmp.path("catalog")
        let script = ToolRunner.repositoryRoot.appendingPathComponent("Tests/Browser/listen_catalog.sh").path
        let made = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"), ["bash", script, source, expectedFile])
        try #require(made.status == 0, "listen_catalog.sh failed: \(made.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: expectedFile)))
        let packs = try #require((json as? [String: Any])?["packs"] as? [String], "expected.json names no packs")
        let dist = tmp.path("dist")
        let publish = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        try #require(publish.status == 0, "catalog publish failed: \(publish.stderr)")
        nginx =
            onTheWeb
            ? try NginxServer(
                root: dist, locations: #"location / { add_header Access-Control-Allow-Origin "*" always; }"#) : nil
        let location = nginx?.baseURL.absoluteString ?? URL(fileURLWithPath: dist, isDirectory: true).absoluteString
        try client(["sync", "--catalog", location])
        for pack in packs { try client(["install", pack]) }
    }

    func client(_ arguments: [String]) throws {
        let result = try ToolRunner.run("client", arguments + ["--root", root])
        try #require(result.status == 0, "client \(arguments.joined(separator: " ")) failed: \(result.stderr)")
    }

    /// Runs `Tests/Browser/<script>` against `server` with the expected.json; fails with its output
    /// unless it exits 0 within `timeout` seconds. Returns what it printed.
    func runBrowserScript(
        _ script: String, server: ServeProcess, arguments: [String] = [], timeout: TimeInterval
    ) async throws -> String {
        let path = ToolRunner.repositoryRoot.appendingPathComponent("Tests/Browser/\(script)").path
        let run = try await SoundboardBrowserTests.onOwnThread {
            try ToolRunner.run(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", path, "--url", server.url, "--expected", expectedFile] + arguments,
                environment: ["SE_AVOID_STATS": "true", "PYTHONUNBUFFERED": "1"], timeout: timeout)
        }
        print(run.stdout)  // the figures, also when they pass
        try #require(
            !run.timedOut, "\(script) ran over \(Int(timeout)) s and was stopped:\n\(run.stdout)\n\(run.stderr)")
        try #require(
            run.status == 0, "\(script) failed:\n\(run.stdout)\n\(run.stderr)\nserver output:\n\(server.outputText)")
        return run.stdout
    }
}
