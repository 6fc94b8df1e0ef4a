import Foundation
import TestSupport
import Testing

@testable import ObjectStore

/// Uploads through the platform's transport (libcurl on Linux): multipart parts cut from the
/// file at the right offsets, a file changed since it was hashed, a store that cannot be reached.
@Suite(.serialized, .startsProcesses) struct S3ClientUploadTests {
    @Test func aMultipartUploadWithAShortLastPartStoresTheFileWhole() async throws {
        let moto = try MotoServer()
        defer { moto.stop() }
        let s3 = S3Inspector(endpoint: moto.endpoint)
        try s3.createPublicBucket("parts")
        let client = S3Client(
            configuration: try Self.configuration(moto.endpoint), bucket: "parts",
            multipart: MultipartPolicy(threshold: 5 << 20, partSize: 5 << 20))
        let tmp = try TemporaryDirectory()
        // Every 4 KiB page marked with its own number: a part sent from the wrong offset changes the hash.
        var body = Data(count: 12 << 20 + 12_345)
        body.withUnsafeMutableBytes { bytes in
            for page in stride(from: 0, to: bytes.count - 1, by: 4096) {
                bytes[page] = UInt8(truncatingIfNeeded: page >> 12)
                bytes[page + 1] = UInt8(truncatingIfNeeded: page >> 20)
            }
        }
        let file = try tmp.write("big.bin", body)
        let sent = SentBytes()
        try await client.put(
            ObjectUpload(
                key: "a/big.bin", file: URL(fileURLWithPath: file), bytes: Int64(body.count),
                sha256: S3Inspector.sha256Hex(body), contentType: "application/octet-stream", cacheControl: "no-cache"),
            progress: { sent.add($0) })
        let stored = try s3.objects(bucket: "parts")
        #expect(stored.map(\.key) == ["a/big.bin"])
        #expect(stored.first?.sha256 == S3Inspector.sha256Hex(body) && stored.first?.size == Int64(body.count))
        #expect(sent.total == Int64(body.count))
        #expect(try s3.openMultipartUploads(bucket: "parts") == 0)
    }

    @Test func aFileThatChangedSinceItWasHashedIsRefusedAndNothingIsStored() async throws {
        let moto = try MotoServer()
        defer { moto.stop() }
        try S3Inspector(endpoint: moto.endpoint).createPublicBucket("changed")
        let client = S3Client(configuration: try Self.configuration(moto.endpoint), bucket: "changed")
        let tmp = try TemporaryDirectory()
        let file = URL(fileURLWithPath: try tmp.write("seed.json", "{\"shorter\": true}"))
        let planned = ObjectUpload(
            key: "seed.json", file: file, bytes: 4096, sha256: String(repeating: "0", count: 64),
            contentType: "application/json", cacheControl: "no-cache")
        await #expect(throws: CocoaError.self) { try await client.put(planned) }
        #expect(try await client.headObject(key: "seed.json") == nil)
    }

    @Test func aStoreThatRefusesConnectionsIsReportedUnreachableAfterRetries() async throws {
        // Port 1 on loopback: nothing listens there, every connection is refused at once.
        let client = S3Client(
            configuration: try Self.configuration(URL(string: "http://127.0.0.1:1")!), bucket: "gone",
            retry: RetryPolicy(attempts: 3, baseDelay: 0.01))
        do {
            _ = try await client.listObjects(prefix: "")
            Issue.record("listing a store nobody serves succeeded")
        } catch let error as ObjectStoreError {
            guard case .unreachable(let operation, let bucket, _, _) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(operation == "ListObjectsV2" && bucket == "gone")
            #expect(error.description.contains("check the endpoint"))
        }
    }

    static func configuration(_ endpoint: URL) throws -> ObjectStoreConfiguration {
        try ObjectStoreConfiguration(
            environment: MotoServer.environment, endpoint: endpoint.absoluteString, region: nil)
    }
}

/// Progress byte counts, added from concurrent parts.
final class SentBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var sum: Int64 = 0

    func add(_ bytes: Int64) { lock.withLock { sum += bytes } }
    var total: Int64 { lock.withLock { sum } }
}
