import Foundation
import TestSupport

/// The demo catalog published into a temporary folder, a moto S3 server with a public bucket,
/// and a recording proxy in front of it — what every `catalog push` test starts from.
final class PushFixture {
    static let bucket = "soundshelf-media"
    let tmp: TemporaryDirectory
    let source: String
    let moto: MotoServer
    let proxy: S3Proxy
    let s3: S3Inspector
    /// The fixture whose server this one borrows (kept alive; only the owner stops moto).
    private let owner: PushFixture?

    var dist: String { tmp.path("dist") }
    /// The keys folder the catalog is signed with (`catalog publish --keys`).
    var keys: String { tmp.path("keys") }

    init(rules: [S3Proxy.Rule] = []) throws {
        tmp = try TemporaryDirectory(prefix: "soundshelf-push")
        source = try DemoCatalog.copyCatalog(into: tmp)
        // Signed under a root of trust, as a publisher's catalog is: root/ and signatures/ go up too.
        let keys = try ToolRunner.run("catalog", ["keys", "init", "--out", tmp.path("keys")])
        guard keys.status == 0 else { throw ToolFailureText(keys.stderr) }
        let publish = try ToolRunner.run(
            "catalog", ["publish", tmp.path("dist"), "--source", source, "--keys", tmp.path("keys"), "--json"])
        guard publish.status == 0 else { throw ToolFailureText(publish.stderr) }
        moto = try MotoServer()
        s3 = S3Inspector(endpoint: moto.endpoint)
        try s3.createPublicBucket(Self.bucket)
        proxy = try S3Proxy(upstreamPort: moto.port, rules: rules)
        owner = nil
    }

    private init(reusing other: PushFixture, rules: [S3Proxy.Rule]) throws {
        tmp = other.tmp
        source = other.source
        moto = other.moto
        s3 = other.s3
        proxy = try S3Proxy(upstreamPort: moto.port, rules: rules)
        owner = other
    }

    deinit {
        proxy.stop()
        if owner == nil { moto.stop() }
    }

    /// Runs `catalog push dist s3://bucket/PREFIX --endpoint <proxy> --json` (plus `extra`).
    func push(prefix: String = "demo", _ extra: [String] = [], environment: [String: String] = MotoServer.environment)
        throws -> ToolRunner.Result
    {
        try ToolRunner.run(
            "catalog",
            ["push", dist, "s3://\(Self.bucket)/\(prefix)", "--endpoint", proxy.endpoint.absoluteString, "--json"]
                + extra,
            environment: environment)
    }

    /// Every regular file of the published folder, by relative path.
    func localFiles() throws -> [String: URL] {
        let root = URL(fileURLWithPath: dist).standardizedFileURL
        var files: [String: URL] = [:]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))] = url
        }
        return files
    }

    /// Paths (without the bucket) of the PUT and multipart-completing POST requests that reached the store.
    func storedWrites(since start: Int = 0) -> [String] {
        proxy.requests.dropFirst(start).filter {
            $0.fault == nil
                && ($0.method == "PUT" && !$0.query.contains("partNumber")
                    || $0.method == "POST" && $0.query.contains("uploadId"))
        }
        .map { String($0.path.dropFirst(Self.bucket.count + 2)) }
    }
}

struct ToolFailureText: Error, CustomStringConvertible {
    var description: String
    init(_ text: String) { description = text }
}

/// The `{"uploaded", "unchanged", "bytes"}` counts of `catalog push --json`.
struct PushCounts: Decodable, Equatable {
    var uploaded: Int
    var unchanged: Int
    var bytes: Int64

    init(_ result: ToolRunner.Result) throws {
        self = try JSONDecoder().decode(PushCounts.self, from: result.stdoutData)
    }

    init(uploaded: Int, unchanged: Int, bytes: Int64) {
        self.uploaded = uploaded
        self.unchanged = unchanged
        self.bytes = bytes
    }
}

extension PushFixture {
    /// The same folder and store behind a new proxy with `rules`.
    static func withRules(_ fixture: PushFixture, _ rules: [S3Proxy.Rule]) throws -> PushFixture {
        try PushFixture(reusing: fixture, rules: rules)
    }
}
