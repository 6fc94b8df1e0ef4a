import Foundation
import TestSupport
import Testing

/// `catalog` run as the built binary.
@Suite(.serialized, .startsProcesses)
struct CatalogCLITests {
    @Test func keygenPublishVerifyAndRefuseDamage() throws {
        let tmp = try TemporaryDirectory()
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let keys = try ToolRunner.run("catalog", ["keygen", "--out", tmp.path("keys")])
        #expect(keys.status == 0, "\(keys.stderr)")
        let key = try String(contentsOfFile: tmp.path("keys/catalog.key"), encoding: .utf8)
        #expect(Data(base64Encoded: key.trimmingCharacters(in: .whitespacesAndNewlines))?.count == 32)
        let publish = try ToolRunner.run(
            "catalog",
            [
                "publish", tmp.path("dist"), "--source", source,
                "--sign-key", tmp.path("keys/catalog.key"), "--json",
            ])
        #expect(publish.status == 0, "\(publish.stderr)")
        let result = try JSONSerialization.jsonObject(with: publish.stdoutData) as? [String: Any]
        #expect(result?["catalogVersion"] as? Int == 1)
        #expect(FileManager.default.fileExists(atPath: tmp.path("dist/index.html")))
        let verify = try ToolRunner.run(
            "catalog", ["verify", tmp.path("dist"), "--trust-key", tmp.path("keys/catalog.pub")])
        #expect(verify.status == 0, "\(verify.stderr)")
        // Another key's public half must not verify this catalog.
        _ = try ToolRunner.run("catalog", ["keygen", "--out", tmp.path("other")])
        let wrongKey = try ToolRunner.run(
            "catalog", ["verify", tmp.path("dist"), "--trust-key", tmp.path("other/catalog.pub")])
        #expect(wrongKey.status == 1 && wrongKey.stderr.contains("signature does not match"))
        let again = try ToolRunner.run("catalog", ["keygen", "--out", tmp.path("keys")])
        #expect(again.status != 0 && again.stderr.contains("never overwrites"))
    }

    @Test func publishRefusesAnInvalidSourceWithLocatedMessages() throws {
        let tmp = try TemporaryDirectory()
        let source = try DemoCatalog.copyCatalog(into: tmp)
        try DemoCatalog.edit(
            "\(source)/packs/tavern-life/pack.yaml", replacing: "kind: atmosphere", with: "kind: ambience")
        let r = try ToolRunner.run("catalog", ["publish", tmp.path("dist"), "--source", source])
        #expect(r.status == 1)
        #expect(r.stderr.contains("tavern-life/pack.yaml:4:7: error: unknown kind 'ambience'"))
        #expect(!FileManager.default.fileExists(atPath: tmp.path("dist/catalog.json")))
    }

    @Test func aKeyFileThatIsNotAKeyIsNamedAndTheToolSaysHowToMakeOne() throws {
        let tmp = try TemporaryDirectory()
        let source = try DemoCatalog.copyCatalog(into: tmp)
        try "not a key\n".write(toFile: tmp.path("catalog.key"), atomically: true, encoding: .utf8)
        let publish = try ToolRunner.run(
            "catalog", ["publish", tmp.path("dist"), "--source", source, "--sign-key", tmp.path("catalog.key")])
        #expect(publish.status == 1)
        #expect(
            publish.stderr.contains("catalog.key: expected one line of base64 holding a 32-byte Ed25519 key; ")
                && publish.stderr.contains("catalog keygen --out DIR"), "\(publish.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path("dist/catalog.json")))
        let verify = try ToolRunner.run(
            "catalog", ["verify", tmp.path("dist"), "--trust-key", tmp.path("missing.pub")])
        #expect(
            verify.status != 0 && verify.stderr.contains("missing.pub: the key file cannot be read; check the path"))
    }
}
