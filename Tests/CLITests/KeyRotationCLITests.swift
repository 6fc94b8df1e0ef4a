import CatalogFormat
import Foundation
import TestSupport
import Testing

/// The root of trust through the built tools, as a publisher and its apps use it: `catalog keys`,
/// `catalog publish --keys`, nginx, `client sync --trust-root` / `--trust-key`, `client trust`.
@Suite("Key rotation through the tools", .serialized, .startsProcesses, .timeLimit(.minutes(5)))
struct KeyRotationCLITests {
    /// Signs stdin with a key file through OpenSSL, as a token's or a KMS's tool would.
    static let opensslSigner = """
        #!/bin/sh
        set -e
        dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
        { printf '\\060\\056\\002\\001\\000\\060\\005\\006\\003\\053\\145\\160\\004\\042\\004\\040'; base64 -d "$1"; } > "$dir/key.der"
        cat > "$dir/in"
        openssl pkeyutl -sign -rawin -inkey "$dir/key.der" -keyform DER -in "$dir/in" | base64 -w0
        """

    /// The JSON object a run printed; empty when it printed none (its expectations then fail).
    func json(_ result: ToolRunner.Result) throws -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: result.stdoutData)) as? [String: Any] ?? [:]
    }

    func trust(_ root: String) throws -> [String: Any] {
        try json(try ToolRunner.run("client", ["trust", "--root", root, "--json"]))
    }

    @Test("a catalog key rotated with an external signer: root clients follow, a key client stops, a thief is refused")
    func rotationEndToEnd() throws {
        let tmp = try TemporaryDirectory(prefix: "key-rotation")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let initRun = try ToolRunner.run("catalog", ["keys", "init", "--out", tmp.path("keys"), "--json"])
        #expect(initRun.status == 0, "\(initRun.stderr)")
        let firstCatalogKey = try #require((try json(initRun))["catalogKeys"] as? [String]).first
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
        #expect(try trust(rootClient)["version"] as? Int == 1)
        let keyClient = tmp.path("key-client")
        sync = try ToolRunner.run(
            "client", ["sync", "--root", keyClient, "--catalog", url, "--trust-key", tmp.path("keys/catalog-1.pub")])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try trust(keyClient)["source"] as? String == "key")

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
        var version = try json(sync)["catalogVersion"] as? Int
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
        try Self.opensslSigner.write(toFile: tmp.path("sign.sh"), atomically: true, encoding: .utf8)
        rotate = try ToolRunner.run(
            "catalog",
            [
                "keys", "revoke", try #require(firstCatalogKey), "--keys", tmp.path("keys"), "--new-catalog-keys", "1",
                "--signer", "sh \(tmp.path("sign.sh")) \(tmp.path("offline/root-2.key"))", "--json",
            ])
        #expect(rotate.status == 0, "\(rotate.stderr)")
        #expect(Set((try json(rotate))["signedBy"] as? [String] ?? []).count == 2)
        let republish = try ToolRunner.run(
            "catalog", ["publish", tmp.path("dist"), "--source", source, "--keys", tmp.path("keys"), "--json"])
        version = try json(republish)["catalogVersion"] as? Int
        #expect(republish.status == 0 && version == 2, "\(republish.stderr)")

        let verified = try ToolRunner.run("catalog", ["verify", tmp.path("dist")])
        #expect(verified.status == 0, "\(verified.stderr)")
        sync = try ToolRunner.run("client", ["sync", "--root", rootClient])
        #expect(sync.status == 0, "\(sync.stderr)")
        let after = try trust(rootClient)
        #expect(after["version"] as? Int == 2)
        #expect((after["catalog"] as? [String: Any])?["keyids"] as? [String] != [firstCatalogKey!])
        // The client that took version 4 accepts version 2: the catalog keys changed.
        sync = try ToolRunner.run("client", ["sync", "--root", fooled, "--json"])
        version = try json(sync)["catalogVersion"] as? Int
        #expect(sync.status == 0 && version == 2, "\(sync.stderr)")
        // One key, no root: refused after the rotation, with what to do.
        sync = try ToolRunner.run("client", ["sync", "--root", keyClient])
        #expect(sync.status != 0 && sync.stderr.contains("--trust-root"), "\(sync.stderr)")

        // The leaked key's signature is refused now.
        let current = try Data(contentsOf: URL(fileURLWithPath: tmp.path("dist/catalog.json")))
        let forgedAgain = String(decoding: current, as: UTF8.self).replacingOccurrences(
            of: "\"catalogVersion\" : 2,", with: "\"catalogVersion\" : 1000,")
        try Self.sign(Data(forgedAgain.utf8), key: tmp.path("keys/catalog-1.key"), into: tmp.path("dist"))
        try Data(forgedAgain.utf8).write(to: URL(fileURLWithPath: tmp.path("dist/catalog.json")))
        sync = try ToolRunner.run("client", ["sync", "--root", rootClient])
        #expect(sync.status != 0 && sync.stderr.contains("catalog"), "\(sync.stderr)")
        let verify = try ToolRunner.run(
            "catalog", ["verify", tmp.path("dist"), "--trust-root", tmp.path("keys/root/1.json")])
        #expect(verify.status == 1 && verify.stderr.contains("root 2's catalog role"), "\(verify.stderr)")
        #expect(try trust(rootClient)["version"] as? Int == 2)
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
        #expect(try trust(tmp.path("client"))["version"] as? Int == 50)

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

        try Self.opensslSigner.write(toFile: tmp.path("sign.sh"), atomically: true, encoding: .utf8)
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
        let catalogKey = try #require((try json(rotate))["catalogKeys"] as? [String]).first ?? ""
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

    @Test("the key-leak drill of SECURITY.md, run as written")
    func securityDrill() throws {
        let tmp = try TemporaryDirectory(prefix: "key-drill")
        _ = try DemoCatalog.copyCatalog(into: tmp)
        let initRun = try ToolRunner.run(
            "catalog", ["keys", "init", "--out", tmp.path("keys"), "--json"], directory: tmp.path())
        let leaked = try #require(((try json(initRun))["catalogKeys"] as? [String])?.first)
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
        let trusted = try trust(client)
        #expect(trusted["version"] as? Int == 2)
        let catalogKeys = (trusted["catalog"] as? [String: Any])?["keyids"] as? [String] ?? []
        #expect(catalogKeys.count == 1 && !catalogKeys.contains(leaked), "\(catalogKeys)")
    }

    /// Writes `signatures/<sha256>.json` and `.sig` for `bytes` with `key`, as a thief holding it would.
    static func sign(_ bytes: Data, key: String, into dist: String) throws {
        let signer = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", opensslSigner, "sign", key], stdin: bytes)
        let sig = signer.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let pub = try String(contentsOfFile: key.replacingOccurrences(of: ".key", with: ".pub"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let keyid = SHA256Digest.hex(of: try #require(Data(base64Encoded: pub)))
        let sha = SHA256Digest.hex(of: bytes)
        try Data("[{\"keyid\": \"\(keyid)\", \"sig\": \"\(sig)\"}]\n".utf8).write(
            to: URL(fileURLWithPath: "\(dist)/signatures/\(sha).json"))
        try Data((sig + "\n").utf8).write(to: URL(fileURLWithPath: "\(dist)/signatures/\(sha).sig"))
    }
}
