import Foundation
import TestSupport
import Testing

/// `catalog push` of a new pack version whose unchanged assets the bucket already holds under the
/// previous version's keys: copied server-side (moto, through the recording proxy), not uploaded.
@Suite(.serialized, .startsProcesses) struct PushCopyTests {
    static let bucket = "soundshelf-copies"
    let v1 = GeneratedCatalog.Pack(slug: "rain", contents: Array(1...20), bytesPerFile: 16_384)

    /// Pushes v1, then publishes v2 with assets 4 and 11 changed; returns what the second push needs.
    private func pushedV1(rules: [S3Proxy.Rule] = []) throws -> (
        TemporaryDirectory, GeneratedCatalog, MotoServer, S3Proxy, ToolRunner.Result
    ) {
        let tmp = try TemporaryDirectory(prefix: "push-copy")
        let catalog = try GeneratedCatalog(in: tmp)
        try catalog.write([v1])
        try catalog.publish()
        let moto = try MotoServer()
        try S3Inspector(endpoint: moto.endpoint).createPublicBucket(Self.bucket)
        let first = try push(catalog, endpoint: moto.endpoint)
        #expect(first.status == 0, "\(first.stderr)")
        var v2 = v1
        v2.version = 2
        v2.contents[4] = 104
        v2.contents[11] = 111
        try catalog.write([v2])
        try catalog.publish()
        let proxy = try S3Proxy(upstreamPort: moto.port, rules: rules)
        return (tmp, catalog, moto, proxy, try push(catalog, endpoint: proxy.endpoint))
    }

    private func push(_ catalog: GeneratedCatalog, endpoint: URL) throws -> ToolRunner.Result {
        try ToolRunner.run(
            "catalog",
            ["push", catalog.dist.path, "s3://\(Self.bucket)/media", "--endpoint", endpoint.absoluteString, "--json"],
            environment: MotoServer.environment)
    }

    private struct Counts: Decodable {
        var uploaded, unchanged, copied: Int
        var bytes: Int64
    }

    /// Every stored object's headers and bytes match the local file it stands for.
    private func expectStoredLikeLocal(_ catalog: GeneratedCatalog, _ moto: MotoServer) throws {
        let objects = try S3Inspector(endpoint: moto.endpoint).objects(bucket: Self.bucket)
        let v2 = "packs/\(v1.id)/2/"
        let assets = objects.filter { $0.key.hasPrefix("media/" + v2 + "assets/") }
        #expect(assets.count == 20)
        for object in assets {
            let local = try Data(contentsOf: catalog.dist.appendingPathComponent(String(object.key.dropFirst(6))))
            let sha = S3Inspector.sha256Hex(local)
            #expect(object.sha256 == sha && object.metaSHA256 == sha, "\(object.key)")
            #expect(object.contentType == "audio/wav", "\(object.key)")
            #expect(object.cacheControl == "public, max-age=31536000, immutable", "\(object.key)")
        }
    }

    @Test func v2WithTwoChangedAssetsCopiesTheOther18AndUploadsOnlyWhatIsNew() throws {
        let (tmp, catalog, moto, proxy, second) = try pushedV1()
        defer {
            proxy.stop()
            moto.stop()
        }
        _ = tmp
        #expect(second.status == 0, "\(second.stderr)")
        let counts = try JSONDecoder().decode(Counts.self, from: second.stdoutData)
        #expect(counts.copied == 18)
        // 2 assets, pack.tar, manifest.json, the pack's shard, the index, the delta, the version's
        // copy of catalog.json, the pack's page, index.html and catalog.json.
        #expect(counts.uploaded == 11)

        let writes = proxy.requests.filter { $0.method == "PUT" && $0.fault == nil }
        let copies = writes.filter { $0.copySource != nil }
        let uploads = writes.filter { $0.copySource == nil }
        let prefix = "/\(Self.bucket)/media/packs/\(v1.id)/"
        #expect(copies.count == 18)
        #expect(copies.allSatisfy { $0.path.hasPrefix(prefix + "2/assets/") })
        // The source is the v1 key holding the same bytes, URL-encoded with the bucket.
        #expect(
            copies.allSatisfy { $0.copySource?.hasPrefix("/\(Self.bucket)/media/packs/\(v1.id)/1/assets/") == true })
        let manifest = try catalog.manifest(GeneratedCatalog.Pack(slug: "rain", version: 2, contents: []))
        let changed = [manifest.assets[4].fileName, manifest.assets[11].fileName]
        let uploadedAssets = uploads.map(\.path).filter { $0.contains("/assets/") }
        #expect(Set(uploadedAssets) == Set(changed.map { prefix + "2/assets/" + $0 }))
        #expect(uploads.contains { $0.path == prefix + "2/pack.tar" })
        #expect(uploads.contains { $0.path == prefix + "2/manifest.json" })
        #expect(uploads.contains { $0.path.hasPrefix("/\(Self.bucket)/media/shards/") })
        #expect(uploads.contains { $0.path.hasPrefix("/\(Self.bucket)/media/deltas/") })
        #expect(writes.last?.path == "/\(Self.bucket)/media/catalog.json")
        #expect(counts.bytes == uploads.reduce(0) { $0 + localSize(catalog, $1.path) })
        try expectStoredLikeLocal(catalog, moto)
    }

    @Test(arguments: [(501, "NotImplemented"), (403, "AccessDenied")])
    func aStoreRefusingCopiesGetsUploadsAndThePushSucceeds(status: Int, code: String) throws {
        let refuse = S3Proxy.Rule(
            method: "PUT", pathContains: "/assets/", fault: .status(status, code: code), times: 100,
            copiesOnly: true)
        let (tmp, catalog, moto, proxy, second) = try pushedV1(rules: [refuse])
        defer {
            proxy.stop()
            moto.stop()
        }
        _ = tmp
        #expect(second.status == 0, "\(second.stderr)")
        let counts = try JSONDecoder().decode(Counts.self, from: second.stdoutData)
        #expect(counts.copied == 0)
        #expect(counts.uploaded == 29)
        #expect(proxy.requests.contains { $0.fault != nil && $0.copySource != nil })
        #expect(!proxy.requests.contains { $0.fault == nil && $0.copySource != nil })
        try expectStoredLikeLocal(catalog, moto)
    }

    private func localSize(_ catalog: GeneratedCatalog, _ path: String) -> Int64 {
        let relative = String(path.dropFirst("/\(Self.bucket)/media/".count))
        let attributes = try? FileManager.default.attributesOfItem(
            atPath: catalog.dist.appendingPathComponent(relative).path)
        return (attributes?[.size] as? NSNumber)?.int64Value ?? -1
    }
}
