import CatalogFormat
import Foundation
import TestSupport
import Testing

/// The root of trust through the built tools, as a publisher and its apps use it: `catalog keys`,
/// `catalog publish --keys`, nginx, `client sync --trust-root` / `--trust-key`, `client trust`.
@Suite("Key rotation through the tools", .serialized, .startsProcesses, .timeLimit(.minutes(5)))
struct KeyRotationCLITests {
    @Test("a catalog key rotated with an external signer: root clients follow, a key client stops, a thief is refused")
    func rotationEndToEnd() throws {
        let tmp = try TemporaryDirectory(prefix: "key-rotation")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let initRun = try ToolRunner.run("catalog", ["keys", "init", "--out", tmp.path("keys"), "--json"])
        #expect(initRun.status == 0, "\(initRun.stderr)")
        let firstCatalogKey = try #require((try KeyTools.json(initRun))["catalogKeys"] as? [String]).first
        let publish = try ToolRunner.run(
            "catalog", ["publish", tmp.path("dist"), "--source", source, "--keys", tmp.path("keys")])
        #expect(publish.status == 0, "\(publish.stderr)")
        let nginx = try NginxServer(root: tmp.path("dist"))
        defer { nginx.stop() }
        let url = nginx.baseURL.absoluteString

        let rootClient = tmp.path("root-client")
        var sync = try ToolRunner.run(
            "client", ["sync", "--root", rootClient, "--catalog", url, "--trust-root", tmp.path("dist/root/1.json")])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try KeyTools.trust(rootClient)["version"] as? Int == 1)
        let keyClient = tmp.path("key-client")
        sync = try ToolRunner.run(
            "client", ["sync", "--root", keyClient, "--catalog", url, "--trust-key", tmp.path("keys/catalog-1.pub")])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try KeyTools.trust(keyClient)["source"] as? String == "key")

        // A thief holding the catalog key publishes versions 2…4 of the catalog; a client that
        // syncs meanwhile remembers version 4.
        try FileManager.default.copyItem(atPath: tmp.path("dist"), toPath: tmp.path("dist-genuine"))
        for _ in 0..<3 {
            let renew = try ToolRunner.run(
                "catalog",
                [
                    "publish", tmp.path("dist"), "--source", source, "--sign-key", tmp.path("keys/catalog-1.key"),
                    "--renew",
                ])
            #expect(renew.status == 0, "\(renew.stderr)")
        }
        let fooled = tmp.path("fooled-client")
        sync = try ToolRunner.run(
            "client",
            ["sync", "--root", fooled, "--catalog", url, "--trust-root", tmp.path("dist/root/1.json"), "--json"])
        var version = try KeyTools.json(sync)["catalogVersion"] as? Int
        #expect(sync.status == 0 && version == 4, "\(sync.stderr)")
        try FileManager.default.removeItem(atPath: tmp.path("dist"))
        try FileManager.default.copyItem(atPath: tmp.path("dist-genuine"), toPath: tmp.path("dist"))

        // Rotation: the root keys go offline; one root key is not enough, nothing is written.
        try FileManager.default.createDirectory(atPath: tmp.path("offline"), withIntermediateDirectories: true)
        for name in ["root-2.key", "root-3.key"] {
            try FileManager.default.moveItem(atPath: tmp.path("keys/\(name)"), toPath: tmp.path("offline/\(name)"))
        }
        var rotate = try ToolRunner.run(
            "catalog", ["keys", "rotate", "--keys", tmp.path("keys"), "--new-catalog-keys", "1"])
        #expect(
            rotate.status == 1
                && rotate.stderr.contains("signed by 1 of the keys of root 1's root role; its threshold is 2"),
            "\(rotate.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path("keys/root/2.json")))
        #expect(!FileManager.default.fileExists(atPath: tmp.path("keys/catalog-2.key")))
        try KeyTools.opensslSigner.write(toFile: tmp.path("sign.sh"), atomically: true, encoding: .utf8)
        rotate = try ToolRunner.run(
            "catalog",
            [
                "keys", "revoke", try #require(firstCatalogKey), "--keys", tmp.path("keys"), "--new-catalog-keys", "1",
                "--signer", "sh \(tmp.path("sign.sh")) \(tmp.path("offline/root-2.key"))", "--json",
            ])
        #expect(rotate.status == 0, "\(rotate.stderr)")
        #expect(Set((try KeyTools.json(rotate))["signedBy"] as? [String] ?? []).count == 2)
        let republish = try ToolRunner.run(
            "catalog", ["publish", tmp.path("dist"), "--source", source, "--keys", tmp.path("keys"), "--json"])
        version = try KeyTools.json(republish)["catalogVersion"] as? Int
        #expect(republish.status == 0 && version == 2, "\(republish.stderr)")

        let verified = try ToolRunner.run("catalog", ["verify", tmp.path("dist")])
        #expect(verified.status == 0, "\(verified.stderr)")
        sync = try ToolRunner.run("client", ["sync", "--root", rootClient])
        #expect(sync.status == 0, "\(sync.stderr)")
        let after = try KeyTools.trust(rootClient)
        #expect(after["version"] as? Int == 2)
        #expect((after["catalog"] as? [String: Any])?["keyids"] as? [String] != [firstCatalogKey!])
        // The client that took version 4 accepts version 2: the catalog keys changed.
        sync = try ToolRunner.run("client", ["sync", "--root", fooled, "--json"])
        version = try KeyTools.json(sync)["catalogVersion"] as? Int
        #expect(sync.status == 0 && version == 2, "\(sync.stderr)")
        // One key, no root: refused after the rotation, with what to do.
        sync = try ToolRunner.run("client", ["sync", "--root", keyClient])
        #expect(sync.status != 0 && sync.stderr.contains("--trust-root"), "\(sync.stderr)")

        // The leaked key's signature is refused now.
        let current = try Data(contentsOf: URL(fileURLWithPath: tmp.path("dist/catalog.json")))
        let forgedAgain = String(decoding: current, as: UTF8.self).replacingOccurrences(
            of: "\"catalogVersion\" : 2,", with: "\"catalogVersion\" : 1000,")
        try KeyTools.sign(Data(forgedAgain.utf8), key: tmp.path("keys/catalog-1.key"), into: tmp.path("dist"))
        try Data(forgedAgain.utf8).write(to: URL(fileURLWithPath: tmp.path("dist/catalog.json")))
        sync = try ToolRunner.run("client", ["sync", "--root", rootClient])
        #expect(sync.status != 0 && sync.stderr.contains("catalog"), "\(sync.stderr)")
        let verify = try ToolRunner.run(
            "catalog", ["verify", tmp.path("dist"), "--trust-root", tmp.path("keys/root/1.json")])
        #expect(verify.status == 1 && verify.stderr.contains("root 2's catalog role"), "\(verify.stderr)")
        #expect(try KeyTools.trust(rootClient)["version"] as? Int == 2)
    }

    @Test("a client that holds root 1 reaches root 50 over nginx; a sync with no new root costs one 404")
    func fiftyRoots() throws {
        let tmp = try TemporaryDirectory(prefix: "key-rotation")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let keys = tmp.path("keys")
        #expect(
            try ToolRunner.run("catalog", ["keys", "init", "--out", keys, "--root-keys", "1", "--threshold", "1"])
                .status == 0)
        for _ in 2...50 {
            let rotate = try ToolRunner.run("catalog", ["keys", "rotate", "--keys", keys, "--new-root-keys", "1"])
            #expect(rotate.status == 0, "\(rotate.stderr)")
        }
        let show = try ToolRunner.run("catalog", ["keys", "show", keys])
        #expect(show.stdout.contains("chain checked: 50 roots, newest version 50"), "\(show.stdout)")
        let publish = try ToolRunner.run("catalog", ["publish", tmp.path("dist"), "--source", source, "--keys", keys])
        #expect(publish.status == 0, "\(publish.stderr)")
        let nginx = try NginxServer(root: tmp.path("dist"))
        defer { nginx.stop() }
        let started = Date()
        var sync = try ToolRunner.run(
            "client",
            [
                "sync", "--root", tmp.path("client"), "--catalog", nginx.baseURL.absoluteString, "--trust-root",
                tmp.path("dist/root/1.json"),
            ])
        let seconds = Date().timeIntervalSince(started)
        #expect(sync.status == 0, "\(sync.stderr)")
        var log = nginx.accessLog()
        let roots = log.filter { $0.path.hasPrefix("/root/") }
        // Each of roots 2…50 and its signatures, then the look for root 51.
        #expect(roots.count == 49 * 2 + 1, "\(roots.map(\.path))")
        // (The signatures of a root and the next root are fetched together: their order in the log varies.)
        #expect(roots.filter { $0.status == 404 }.map(\.path) == ["/root/51.json"])
        print(
            "[key-rotation] root 1 → 50: \(roots.count) root requests, whole first sync \(String(format: "%.2f", seconds)) s (debug build)"
        )
        #expect(try KeyTools.trust(tmp.path("client"))["version"] as? Int == 50)

        // A new catalog with no new root: one more request than before, a 404 of under 1 KB.
        let seen = log.count
        try DemoCatalog.edit("\(source)/catalog.yaml", replacing: "title: ", with: "title: Renamed ")
        #expect(
            try ToolRunner.run("catalog", ["publish", tmp.path("dist"), "--source", source, "--keys", keys]).status == 0
        )
        sync = try ToolRunner.run("client", ["sync", "--root", tmp.path("client")])
        #expect(sync.status == 0, "\(sync.stderr)")
        log = Array(nginx.accessLog().dropFirst(seen))
        let looks = log.filter { $0.path.hasPrefix("/root/") }
        #expect(looks.map(\.path) == ["/root/51.json"] && looks.allSatisfy { $0.status == 404 && $0.bytes < 1024 })
    }

    @Test("the key-leak drill of SECURITY.md, run as written")
    func securityDrill() throws {
        let tmp = try TemporaryDirectory(prefix: "key-drill")
        _ = try DemoCatalog.copyCatalog(into: tmp)
        let initRun = try ToolRunner.run(
            "catalog", ["keys", "init", "--out", tmp.path("keys"), "--json"], directory: tmp.path())
        let leaked = try #require(((try KeyTools.json(initRun))["catalogKeys"] as? [String])?.first)
        #expect(
            try ToolRunner.run("catalog", ["publish", "dist", "--keys", "keys"], directory: tmp.path()).status == 0)
        let client = tmp.path("client")
        #expect(
            try ToolRunner.run(
                "client",
                ["sync", "--root", client, "--catalog", tmp.path("dist"), "--trust-root", tmp.path("dist/root/1.json")]
            ).status == 0)
        try FileManager.default.createDirectory(atPath: tmp.path("offline"), withIntermediateDirectories: true)
        for name in ["root-1.key", "root-2.key", "root-3.key"] {
            try FileManager.default.moveItem(atPath: tmp.path("keys/\(name)"), toPath: tmp.path("offline/\(name)"))
        }
        let security = try String(
            contentsOf: ToolRunner.repositoryRoot.appendingPathComponent("docs/SECURITY.md"), encoding: .utf8)
        let marked = try #require(security.range(of: "<!-- key-leak-drill -->\n```sh\n"))
        let script = String(security[marked.upperBound...]).components(separatedBy: "\n```")[0]
        let run = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/bin/bash"), ["-euc", script],
            environment: [
                "PATH": ToolRunner.productsDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
                "LEAKED": leaked, "OFFLINE": tmp.path("offline"),
            ], directory: tmp.path())
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("chain checked: 2 roots, newest version 2"), "\(run.stdout)")
        let sync = try ToolRunner.run("client", ["sync", "--root", client])
        #expect(sync.status == 0, "\(sync.stderr)")
        let trusted = try KeyTools.trust(client)
        #expect(trusted["version"] as? Int == 2)
        let catalogKeys = (trusted["catalog"] as? [String: Any])?["keyids"] as? [String] ?? []
        #expect(catalogKeys.count == 1 && !catalogKeys.contains(leaked), "\(catalogKeys)")
    }
}
