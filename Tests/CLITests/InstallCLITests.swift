import Foundation
import TestSupport
import Testing

/// `client install / uninstall / repair --json` through the built executable, against the demo
/// catalog published by the built `catalog`. A missing or broken executable fails these tests.
@Suite("client install/uninstall/repair", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct InstallCLITests {
    static let dungeon = "a731dff3-4c29-42a8-b2ee-35179ce591f7"
    /// Demo items of that pack: one its pack.yaml marks `loopable: true`, one it leaves a one-shot.
    static let loopingItem = "7e5be142-9de9-4ce0-9bc6-9965686ead84"
    static let oneShotItem = "b5fa0c94-22ad-4e72-8b66-94c2ead4939a"

    private func json(_ result: ToolRunner.Result) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    @Test(
        "--json prints {packId, state, files, bytes, reused, downloaded, retries}; show says what loops; errors are one sentence and a non-zero exit"
    )
    func shapes() async throws {
        let tmp = try TemporaryDirectory(prefix: "install-cli")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.url.appendingPathComponent("dist").path
        let root = tmp.url.appendingPathComponent("root").path
        let publish = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        try #require(publish.status == 0, "\(publish.stderr)")
        let sync = try ToolRunner.run("client", ["sync", "--catalog", dist, "--root", root, "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")

        let install = try ToolRunner.run("client", ["install", "DUNGEON-DELVE".lowercased(), "--root", root, "--json"])
        #expect(install.status == 0, "\(install.stderr)")
        let installed = try json(install)
        #expect(
            Set(installed.keys) == ["packId", "state", "files", "bytes", "reused", "downloaded", "resumed", "retries"])
        #expect(installed["reused"] as? Int == 0)
        #expect(installed["retries"] as? Int == 0)
        let archive = try Data(contentsOf: URL(fileURLWithPath: dist + "/packs/\(Self.dungeon)/1/pack.tar")).count
        #expect(installed["downloaded"] as? Int == archive)
        #expect(installed["packId"] as? String == Self.dungeon)
        #expect(installed["state"] as? String == "downloaded")
        #expect(installed["files"] as? Int == 9)

        // `show` says which installed sounds loop, as the pack's manifest marks them; nothing loops uninstalled.
        func loops(_ item: String) throws -> Bool? {
            let show = try ToolRunner.run("client", ["show", item, "--root", root, "--json"])
            return try json(show)["loopable"] as? Bool
        }
        #expect(try loops(Self.loopingItem) == true)
        #expect(try loops(Self.oneShotItem) == false)

        let repair = try ToolRunner.run("client", ["repair", Self.dungeon.uppercased(), "--root", root, "--json"])
        #expect(repair.status == 0, "\(repair.stderr)")
        let repaired = try json(repair)
        #expect(repaired["state"] as? String == "downloaded")
        // Every installed file verifies: all reused, nothing fetched.
        #expect(repaired["reused"] as? Int == 9)
        #expect(repaired["downloaded"] as? Int == 0)

        let uninstall = try ToolRunner.run("client", ["uninstall", "dungeon-delve", "--root", root, "--json"])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        let removed = try json(uninstall)
        #expect(removed["state"] as? String == "not_downloaded")
        #expect(removed["files"] as? Int == 9)
        #expect(Set(removed.keys) == ["packId", "state", "files", "bytes"])
        #expect(try loops(Self.loopingItem) == false)

        let missing = try ToolRunner.run("client", ["install", "no-such-pack", "--root", root, "--json"])
        #expect(missing.status != 0)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(missing.stderr.contains("no-such-pack"))
    }
}
