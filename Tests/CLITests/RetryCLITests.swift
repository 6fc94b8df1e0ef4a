import Foundation
import TestSupport
import Testing

/// `client sync` and `client install` against a server that answers 503 once: the request is
/// tried again, the command succeeds, and its output says how many requests were retried
/// (`"retries"` in `--json`, "1 request retried" in the sentence).
@Suite("client retries", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct RetryCLITests {
    static let dungeon = "a731dff3-4c29-42a8-b2ee-35179ce591f7"
    static let forest = "2735046c-1cbc-4599-a6af-c7503fb4e6ff"

    private func json(_ result: ToolRunner.Result) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(result.stdout)")
    }

    @Test("a 503 answered once is retried; sync and install --json count it, install's sentence says it")
    func busyOnce() throws {
        let tmp = try TemporaryDirectory(prefix: "retry-cli")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.url.appendingPathComponent("dist").path
        let root = tmp.url.appendingPathComponent("root").path
        let publish = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        try #require(publish.status == 0, "\(publish.stderr)")
        let server = try FaultyHTTPServer(
            root: dist,
            faults: [
                "/catalog.json": .busy(requests: 1, retryAfter: "0"),
                "/packs/\(Self.dungeon)/1/pack.tar": .busy(requests: 1, retryAfter: "0"),
                "/packs/\(Self.forest)/1/pack.tar": .busy(requests: 1),
            ])
        defer { server.stop() }

        let sync = try ClientCLIRunner.run([
            "sync", "--catalog", server.baseURL.absoluteString, "--root", root, "--json",
        ])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try json(sync)["retries"] as? Int == 1)

        let install = try ClientCLIRunner.run(["install", "dungeon-delve", "--root", root, "--json"])
        #expect(install.status == 0, "\(install.stderr)")
        let installed = try json(install)
        #expect(installed["state"] as? String == "downloaded")
        #expect(installed["retries"] as? Int == 1)

        let plain = try ClientCLIRunner.run(["install", "forest-ambience", "--root", root])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("1 request retried"), "\(plain.stdout)")
        #expect(server.requests.filter { $0.path.hasSuffix("pack.tar") }.count == 4)
    }
}
