import Foundation
import TestSupport
import Testing

/// `client offload`, `client storage --budget` and an install that offloads, through the built
/// executable against the demo catalog.
@Suite("client offload and the audio budget", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct OffloadCLITests {
    static let dungeonItem = "7e5be142-9de9-4ce0-9bc6-9965686ead84"

    @Test("offload keeps the items listed as offloaded; a budget makes an install offload and say so")
    func offloadAndBudget() throws {
        let tmp = try TemporaryDirectory(prefix: "offload-cli")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.path("dist")
        let root = tmp.path("root")
        try #require(try ToolRunner.run("catalog", ["publish", dist, "--source", source]).status == 0)
        try #require(try ToolRunner.run("client", ["sync", "--catalog", dist, "--root", root]).status == 0)
        func client(_ arguments: [String]) throws -> ToolRunner.Result {
            try ToolRunner.run("client", arguments + ["--root", root])
        }
        func json(_ arguments: [String]) throws -> [String: Any] {
            let result = try client(arguments + ["--json"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        }
        let installed = try json(["install", "dungeon-delve"])
        let offloaded = try json(["offload", "dungeon-delve"])
        #expect(Set(offloaded.keys) == ["packId", "state", "files", "bytes"])
        #expect(offloaded["state"] as? String == "offloaded")
        #expect(offloaded["bytes"] as? Int == installed["bytes"] as? Int)
        let packs = try #require(try json(["packs"])["packs"] as? [[String: Any]])
        #expect(packs.first { $0["slug"] as? String == "dungeon-delve" }?["state"] as? String == "offloaded")
        #expect(try json(["show", Self.dungeonItem])["availability"] as? String == "offloaded")
        #expect(try client(["show", Self.dungeonItem]).stdout.contains("offloaded; install the pack to bring it back"))

        let bad = try client(["storage", "--budget", "lots"])
        #expect(bad.status != 0 && bad.stderr.contains("--budget lots: not a size"), "\(bad.stderr)")
        #expect(try json(["storage", "--budget", "1.5MB"])["audioBudget"] as? Int == 1_500_000)
        // A budget dungeon-delve fits, not with another pack beside it.
        _ = try json(["install", "tavern-life"])
        let budget = try #require(installed["bytes"] as? Int) + 1
        #expect(try json(["storage", "--budget", "\(budget)"])["audioBudget"] as? Int == budget)
        let back = try client(["install", "dungeon-delve"])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout.contains("offloaded tavern-life ("), "\(back.stdout)")
        #expect(back.stdout.contains("to stay within the audio budget"))
        #expect(try json(["show", Self.dungeonItem])["availability"] as? String == "available")
        let storage = try json(["storage", "--budget", "none"])
        #expect(storage["audioBudget"] is NSNull)
        let refused = try json(["storage", "--budget", "1000"])
        #expect(refused["audioBudget"] as? Int == 1000)
        let tooBig = try client(["install", "tavern-life"])
        #expect(tooBig.status != 0)
        #expect(tooBig.stderr.contains("audio budget is 1000 bytes"), "\(tooBig.stderr)")
        #expect(tooBig.stderr.contains("client storage --budget"))
        #expect(!tooBig.stderr.contains("PackInstallError"), "\(tooBig.stderr)")
    }
}
