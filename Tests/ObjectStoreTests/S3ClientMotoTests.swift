import Foundation
import TestSupport
import Testing

@testable import ObjectStore

/// The client against moto's S3 server (through the recording proxy): paging, HEAD, keys that
/// need encoding.
@Suite(.serialized, .startsProcesses) struct S3ClientMotoTests {
    @Test func listingFollowsContinuationTokensAndKeysWithSpacesAndUnicodeRoundTrip() async throws {
        let moto = try MotoServer()
        defer { moto.stop() }
        try S3Inspector(endpoint: moto.endpoint).createPublicBucket("paging")
        let proxy = try S3Proxy(upstreamPort: moto.port)
        defer { proxy.stop() }
        let configuration = try ObjectStoreConfiguration(
            environment: MotoServer.environment,
            endpoint: proxy.endpoint.absoluteString, region: nil)
        let client = S3Client(configuration: configuration, bucket: "paging")
        let tmp = try TemporaryDirectory()
        let keys = ["p/a.json", "p/b c.json", "p/ሴ.json", "p/d+e.json", "p/f&g.json"]
        for (index, key) in keys.enumerated() {
            let body = Data("object \(index)".utf8)
            let file = try tmp.write("f\(index)", body)
            try await client.put(
                ObjectUpload(
                    key: key, file: URL(fileURLWithPath: file), bytes: Int64(body.count),
                    sha256: S3Inspector.sha256Hex(body), contentType: "application/json", cacheControl: "no-cache"))
        }
        let listed = try await client.listObjects(prefix: "p/", pageSize: 2)
        #expect(Set(listed.map(\.key)) == Set(keys))
        #expect(proxy.requests.filter { $0.query.contains("list-type=2") }.count == 3)
        #expect(proxy.requests.filter { $0.query.contains("continuation-token=") }.count == 2)
        let head = try await client.headObject(key: "p/b c.json")
        #expect(head?.sha256 == S3Inspector.sha256Hex(Data("object 1".utf8)) && head?.bytes == 8)
        #expect(try await client.headObject(key: "p/missing.json") == nil)
    }
}
