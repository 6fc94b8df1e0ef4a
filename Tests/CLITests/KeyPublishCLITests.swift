import Foundation
import TestSupport
import Testing

/// Publishing under a root of trust through the built tools: a threshold of catalog keys, external
/// signers, schema 1, and the plain forms of the key commands.
@Suite("Publishing with keys through the tools", .serialized, .startsProcesses, .timeLimit(.minutes(5)))
struct KeyPublishCLITests {
    @Test("publish signs with a threshold of catalog keys, also through --signer; too few refuse and write nothing")
    func catalogThreshold() throws {
        let tmp = try TemporaryDirectory(prefix: "key-threshold")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let keys = tmp.path("keys")
        let initRun = try ToolRunner.run(
            "catalog", ["keys", "init", "--out", keys, "--catalog-keys", "2", "--catalog-threshold", "2"])
        #expect(initRun.status == 0, "\(initRun.stderr)")
        let both = try ToolRunner.run("catalog", ["publish", tmp.path("dist"), "--source", source, "--keys", keys])
        #expect(both.status == 0, "\(both.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.path("dist/signatures"))
        #expect(names.count == 1 && names[0].hasSuffix(".json"), "\(names): no .sig while the role has two keys")
        let list = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: tmp.path("dist/signatures/\(names[0])"))))
        #expect((list as? [[String: String]])?.count == 2)

        let one = try ToolRunner.run(
            "catalog",
            ["publish", tmp.path("dist2"), "--source", source, "--keys", keys, "--sign-key", "\(keys)/catalog-1.key"])
        #expect(
            one.status == 1
                && one.stderr.contains("signed by 1 of the keys of root 1's catalog role; its threshold is 2"),
            "\(one.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path("dist2")))

        try KeyTools.opensslSigner.write(toFile: tmp.path("sign.sh"), atomically: true, encoding: .utf8)
        let signed = try ToolRunner.run(
            "catalog",
            [
                "publish", tmp.path("dist3"), "--source", source, "--keys", keys,
                "--signer", "sh \(tmp.path("sign.sh")) \(keys)/catalog-1.key",
                "--signer", "sh \(tmp.path("sign.sh")) \(keys)/catalog-2.key",
            ])
        #expect(signed.status == 0, "\(signed.stderr)")
        let sync = try ToolRunner.run(
            "client",
            [
                "sync", "--root", tmp.path("client"), "--catalog", tmp.path("dist3"), "--trust-root",
                tmp.path("dist3/root/1.json"),
            ])
        #expect(sync.status == 0, "\(sync.stderr)")
    }

    @Test("a schema-1 catalog with a root: a client of one key and a client of the root both sync it")
    func schemaOneKeepsWorking() throws {
        let tmp = try TemporaryDirectory(prefix: "key-schema1")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        #expect(try ToolRunner.run("catalog", ["keys", "init", "--out", tmp.path("keys")]).status == 0)
        let publish = try ToolRunner.run(
            "catalog",
            ["publish", tmp.path("dist"), "--source", source, "--keys", tmp.path("keys"), "--schema-version", "1"])
        #expect(publish.status == 0, "\(publish.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.path("dist/signatures")).sorted()
        #expect(names.count == 2 && names[0].hasSuffix(".json") && names[1].hasSuffix(".sig"), "\(names)")
        let byKey = try ToolRunner.run(
            "client",
            [
                "sync", "--root", tmp.path("a"), "--catalog", tmp.path("dist"), "--trust-key",
                tmp.path("keys/catalog-1.pub"),
            ])
        #expect(byKey.status == 0, "\(byKey.stderr)")
        let byRoot = try ToolRunner.run(
            "client",
            [
                "sync", "--root", tmp.path("b"), "--catalog", tmp.path("dist"), "--trust-root",
                tmp.path("dist/root/1.json"),
            ])
        #expect(byRoot.status == 0, "\(byRoot.stderr)")
    }

    @Test("a key of a keys folder brings its roots to publish; rotate and revoke take the folder as an argument")
    func plainForms() throws {
        let tmp = try TemporaryDirectory(prefix: "key-forms")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let keys = tmp.path("keys")
        #expect(try ToolRunner.run("catalog", ["keys", "init", "--out", keys]).status == 0)
        let publish = try ToolRunner.run(
            "catalog", ["publish", tmp.path("dist"), "--source", source, "--sign-key", "\(keys)/catalog-1.key"])
        #expect(publish.status == 0, "\(publish.stderr)")
        #expect(FileManager.default.fileExists(atPath: tmp.path("dist/root/1.json.sig")))
        let rotate = try ToolRunner.run("catalog", ["keys", "rotate", keys, "--new-catalog-keys", "1", "--json"])
        #expect(rotate.status == 0, "\(rotate.stderr)")
        let catalogKey = try #require((try KeyTools.json(rotate))["catalogKeys"] as? [String]).first ?? ""
        let revoke = try ToolRunner.run(
            "catalog", ["keys", "revoke", String(catalogKey.prefix(12)), keys, "--new-catalog-keys", "1"])
        #expect(revoke.status == 0, "\(revoke.stderr)")
        let show = try ToolRunner.run("catalog", ["keys", "show", keys, "--json"])
        let chain = try JSONSerialization.jsonObject(with: show.stdoutData) as? [[String: Any]] ?? []
        #expect(chain.map { $0["version"] as? Int } == [1, 2, 3])
        let last = (chain.last?["roles"] as? [String: Any])?["catalog"] as? [String: Any]
        let lastKeys = last?["keyids"] as? [String] ?? []
        #expect(lastKeys.count == 1 && lastKeys.first != catalogKey, "\(lastKeys)")
        let missing = try ToolRunner.run("catalog", ["keys", "rotate"])
        #expect(missing.status != 0 && missing.stderr.contains("name the keys folder"))
    }
}
