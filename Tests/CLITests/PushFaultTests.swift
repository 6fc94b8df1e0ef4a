import Foundation
import TestSupport
import Testing

/// `catalog push` when the store misbehaves: throttling, refusals, dropped connections.
@Suite(.serialized, .startsProcesses) struct PushFaultTests {
    @Test func slowDownAnswersAreRetriedUntilTheUploadSucceeds() throws {
        let fixture = try PushFixture(rules: [
            .init(method: "PUT", pathContains: "pack.tar", fault: .status(503, code: "SlowDown"), times: 2)
        ])
        let result = try fixture.push()
        #expect(result.status == 0, "\(result.stderr)")
        let throttled = fixture.proxy.requests.filter { $0.fault != nil }
        #expect(throttled.count == 2)
        for request in throttled {
            #expect(fixture.storedWrites().contains(String(request.path.dropFirst(PushFixture.bucket.count + 2))))
        }
        let local = try fixture.localFiles()
        #expect(try fixture.s3.objects(bucket: PushFixture.bucket).count == local.count)
    }

    @Test func aRefusedUploadStopsThePushNamingKeyAndCodeAndLeavesTheOldCatalogLive() throws {
        let fixture = try PushFixture()
        #expect(try fixture.push().status == 0)
        let oldCatalog = try Data(contentsOf: URL(fileURLWithPath: fixture.dist + "/catalog.json"))
        let pack = fixture.source + "/packs/tavern-life/pack.yaml"
        try DemoCatalog.edit(pack, replacing: "version: 1", with: "version: 2")
        try DemoCatalog.edit(pack, replacing: "title: \"Tavern Life\"", with: "title: \"Tavern Life, Renovated\"")
        #expect(
            try ToolRunner.run(
                "catalog", ["publish", fixture.dist, "--source", fixture.source, "--keys", fixture.keys]
            ).status == 0)

        let denied = try PushFixture.withRules(
            fixture, [.init(method: "PUT", pathContains: "/2/", fault: .status(403, code: "AccessDenied"), times: 1000)]
        )
        let start = denied.proxy.requests.count
        let result = try denied.push()
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("AccessDenied") && result.stderr.contains(PushFixture.bucket)
                && result.stderr.contains("demo/packs/c3e36bf8-3514-49c5-8900-516e2d00eff5/2/"), "\(result.stderr)")
        #expect(!result.stderr.contains("\n    at "))
        let writes = denied.storedWrites(since: start)
        #expect(!writes.contains("demo/catalog.json") && !writes.contains("demo/index.html"))
        let remote = try fixture.s3.objects(bucket: PushFixture.bucket).first { $0.key == "demo/catalog.json" }
        #expect(remote?.sha256 == S3Inspector.sha256Hex(oldCatalog))
    }

    @Test func aConnectionDroppedMidPartIsRetriedAndTheBigFileArrivesWhole() throws {
        let fixture = try PushFixture(rules: [
            .init(
                method: "PUT", pathContains: "big.bin", queryContains: "partNumber=2",
                fault: .dropAfter(bytes: 1 << 20))
        ])
        let big = try BigFile.write(fixture.dist + "/packs/zz-big/1/big.bin", mebibytes: 70)
        let result = try fixture.push()
        #expect(result.status == 0, "\(result.stderr)")
        let object = try fixture.s3.objects(bucket: PushFixture.bucket).first {
            $0.key == "demo/packs/zz-big/1/big.bin"
        }
        #expect(object?.sha256 == big && object?.metaSHA256 == big)
        let parts = fixture.proxy.requests.filter { $0.path.hasSuffix("big.bin") && $0.query.contains("partNumber") }
        #expect(parts.count == 6)  // 5 parts of 16 MiB (the last one short), part 2 twice
        #expect(try fixture.s3.openMultipartUploads(bucket: PushFixture.bucket) == 0)
    }

    @Test func aMultipartUploadThatFailsIsAbortedAndNothingLaterIsUploaded() throws {
        let fixture = try PushFixture(rules: [
            .init(
                method: "PUT", pathContains: "big.bin", queryContains: "partNumber=3",
                fault: .status(403, code: "AccessDenied"), times: 100)
        ])
        _ = try BigFile.write(fixture.dist + "/packs/zz-big/1/big.bin", mebibytes: 70)
        let result = try fixture.push()
        #expect(result.status == 1 && result.stderr.contains("AccessDenied"), "\(result.stderr)")
        #expect(
            fixture.proxy.requests.contains {
                $0.method == "DELETE" && $0.path.hasSuffix("big.bin") && $0.query.contains("uploadId")
            })
        #expect(try fixture.s3.openMultipartUploads(bucket: PushFixture.bucket) == 0)
        #expect(!fixture.storedWrites().contains("demo/catalog.json"))
        #expect(try fixture.s3.objects(bucket: PushFixture.bucket).allSatisfy { $0.key != "demo/catalog.json" })
    }
}

/// Large files with varied bytes, written in 1 MiB blocks.
enum BigFile {
    /// Writes the file; returns its SHA-256.
    static func write(_ path: String, mebibytes: Int) throws -> String {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ ($0 >> 8)) })
        for index in 0..<mebibytes {
            block[0] = UInt8(truncatingIfNeeded: index)
            block[block.count / 2] = UInt8(truncatingIfNeeded: index >> 8)
            try handle.write(contentsOf: block)
        }
        try handle.close()
        return S3Inspector.sha256Hex(try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped))
    }
}
