import Foundation
import TestSupport
import Testing

/// `catalog push` against moto's S3 server, through a recording proxy.
@Suite(.serialized, .startsProcesses) struct PushCLITests {
    @Test func pushStoresEveryFileWithItsHeadersCatalogLastAndThenNothingTwice() throws {
        let fixture = try PushFixture()
        let local = try fixture.localFiles()
        let first = try fixture.push()
        #expect(first.status == 0, "\(first.stderr)")
        let totalBytes = try local.values.reduce(Int64(0)) { $0 + Int64(try Data(contentsOf: $1).count) }
        #expect(try PushCounts(first) == PushCounts(uploaded: local.count, unchanged: 0, bytes: totalBytes))

        let stored = try fixture.s3.objects(bucket: PushFixture.bucket)
        #expect(Set(stored.map(\.key)) == Set(local.keys.map { "demo/" + $0 }))
        for object in stored {
            let relative = String(object.key.dropFirst("demo/".count))
            let data = try Data(contentsOf: try #require(local[relative]))
            let sha = S3Inspector.sha256Hex(data)
            #expect(object.sha256 == sha && object.metaSHA256 == sha, "\(object.key)")
            let mutable = relative == "catalog.json" || relative == "index.html" || relative.hasPrefix("pages/")
            #expect(
                object.cacheControl == (mutable ? "no-cache" : "public, max-age=31536000, immutable"), "\(object.key)")
            let expectedType =
                switch (relative as NSString).pathExtension {
                case "json": "application/json"
                case "gz": "application/gzip"
                case "html": "text/html; charset=utf-8"
                case "tar": "application/x-tar"
                case "m4a": "audio/mp4"
                case "ogg", "opus": "audio/ogg"
                case "wav": "audio/wav"
                case "flac": "audio/flac"
                case "mp3": "audio/mpeg"
                case "sig": "text/plain; charset=utf-8"
                default: "unexpected"
                }
            #expect(object.contentType == expectedType, "\(object.key)")
        }
        #expect(local.keys.contains("root/1.json") && local.keys.contains("root/1.json.sig"))
        #expect(local.keys.contains { $0.hasPrefix("signatures/") && $0.hasSuffix(".json") })
        let writes = fixture.storedWrites()
        #expect(writes.count == local.count)
        #expect(writes.suffix(2) == ["demo/index.html", "demo/catalog.json"])
        // Every request is signed with the session's key and carries its token.
        #expect(
            fixture.proxy.requests.allSatisfy {
                $0.securityToken == "testing-session"
                    && $0.authorization?.hasPrefix("AWS4-HMAC-SHA256 Credential=testing/") == true
                    && $0.authorization?.contains("/us-east-1/s3/aws4_request, SignedHeaders=") == true
            })

        let before = fixture.proxy.requests.count
        let second = try fixture.push()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try PushCounts(second) == PushCounts(uploaded: 0, unchanged: local.count, bytes: 0))
        #expect(fixture.storedWrites(since: before).isEmpty)
    }

    @Test func aNewPackVersionUploadsOnlyItsFilesThenThePageAndCatalog() throws {
        let fixture = try PushFixture()
        #expect(try fixture.push().status == 0)
        let before = try fixture.localFiles()
        let pack = fixture.source + "/packs/tavern-life/pack.yaml"
        try DemoCatalog.edit(pack, replacing: "version: 1", with: "version: 2")
        try DemoCatalog.edit(pack, replacing: "title: \"Tavern Life\"", with: "title: \"Tavern Life, Renovated\"")
        let publish = try ToolRunner.run(
            "catalog", ["publish", fixture.dist, "--source", fixture.source, "--keys", fixture.keys])
        #expect(publish.status == 0, "\(publish.stderr)")
        let after = try fixture.localFiles()
        let added = Set(after.keys).subtracting(before.keys)
        #expect(added.contains { $0.hasPrefix("packs/c3e36bf8-3514-49c5-8900-516e2d00eff5/2/") })

        let start = fixture.proxy.requests.count
        let result = try fixture.push()
        #expect(result.status == 0, "\(result.stderr)")
        let writes = fixture.storedWrites(since: start)
        // The pack's page is rewritten; no other page is.
        let page = "pages/c3e36bf8-3514-49c5-8900-516e2d00eff5.html"
        #expect(Set(writes) == Set((added.union(["catalog.json", "index.html", page])).map { "demo/" + $0 }))
        #expect(writes.last == "demo/catalog.json")
        #expect(writes.dropLast().last == "demo/index.html")
        #expect(
            (writes.firstIndex(of: "demo/" + page) ?? .max) < (writes.firstIndex(of: "demo/index.html") ?? -1),
            "the pack's page is stored before the top page that links to it")
        #expect(try PushCounts(result).unchanged == before.count - 3)
    }

    @Test func dryRunListsWhatWouldGoUpAndUploadsNothing() throws {
        let fixture = try PushFixture()
        let local = try fixture.localFiles()
        let result = try ToolRunner.run(
            "catalog",
            [
                "push", fixture.dist, "s3://\(PushFixture.bucket)", "--endpoint",
                fixture.proxy.endpoint.absoluteString, "--dry-run",
            ],
            environment: MotoServer.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let listed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("would upload ") }
        #expect(listed.count == local.count)
        #expect(listed.last == "would upload catalog.json")
        #expect(fixture.storedWrites().isEmpty)
        #expect(try fixture.s3.objects(bucket: PushFixture.bucket).isEmpty)
    }

    @Test func missingCredentialsAndBadDestinationsAreRefusedClearly() throws {
        let fixture = try PushFixture()
        let noKeys = try ToolRunner.run(
            "catalog",
            [
                "push", fixture.dist, "s3://\(PushFixture.bucket)", "--endpoint",
                fixture.proxy.endpoint.absoluteString,
            ],
            environment: ["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": ""])
        #expect(noKeys.status == 1 && noKeys.stderr.contains("AWS_ACCESS_KEY_ID"))
        let elsewhere = try fixture.push(prefix: "x", [])  // the good push the refused ones are compared with
        #expect(elsewhere.status == 0)
        let notS3 = try ToolRunner.run(
            "catalog", ["push", fixture.dist, "https://example.invalid/x"], environment: MotoServer.environment)
        #expect(notS3.status == 1 && notS3.stderr.contains("s3://BUCKET"))
        let noBucket = try ToolRunner.run(
            "catalog",
            [
                "push", fixture.dist, "s3://no-such-bucket", "--endpoint",
                fixture.proxy.endpoint.absoluteString,
            ], environment: MotoServer.environment)
        #expect(
            noBucket.status == 1 && noBucket.stderr.contains("NoSuchBucket")
                && noBucket.stderr.contains("no-such-bucket"))
        #expect(fixture.storedWrites().allSatisfy { $0.hasPrefix("x/") })
    }

    @Test func aClientSyncsAndInstallsFromThePushedBucket() throws {
        let fixture = try PushFixture()
        #expect(try fixture.push().status == 0)
        let root = fixture.tmp.path("client-root")
        let catalogURL = fixture.moto.endpoint.absoluteString + "/\(PushFixture.bucket)/demo/"
        let sync = try ToolRunner.run("client", ["sync", "--catalog", catalogURL, "--root", root, "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let synced = try JSONSerialization.jsonObject(with: sync.stdoutData) as? [String: Any]
        #expect((synced?["inserted"] as? Int ?? 0) > 0)
        let install = try ToolRunner.run("client", ["install", "tavern-life", "--root", root, "--json"])
        #expect(install.status == 0, "\(install.stderr)")
        let installed = try JSONSerialization.jsonObject(with: install.stdoutData) as? [String: Any]
        #expect(installed?["state"] as? String == "downloaded", "\(install.stdout)")
        #expect((installed?["files"] as? Int ?? 0) > 0)
    }
}
