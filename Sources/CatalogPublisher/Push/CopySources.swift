import Foundation
import ObjectStore

/// For each file to push, a key of the bucket that already holds the same bytes (same size and
/// SHA-256), so the store can copy it server-side instead of receiving it again — typically a
/// new pack version's unchanged assets, stored under the previous version's keys.
///
/// Known without a request: every local file found unchanged in the store (its key holds the
/// file's SHA-256, checked by the comparison). Otherwise the objects under the prefix of the
/// same size are asked (HEAD) for their `x-amz-meta-sha256`, a few at a time.
enum CopySources {
    static func find(
        for pending: [PushFile], among files: [PushFile], stored: [StoredObject], prefix: String,
        client: S3Client, concurrency: Int
    ) async -> [String: String] {
        let pendingPaths = Set(pending.map(\.relativePath))
        var keyBySHA: [String: String] = [:]
        for file in files where !pendingPaths.contains(file.relativePath) {
            keyBySHA[file.sha256] = keyBySHA[file.sha256] ?? prefix + file.relativePath
        }
        let copyable = pending.filter { $0.bytes > 0 && $0.bytes <= S3Client.copyLimit }
        let unknownSizes = Set(copyable.filter { keyBySHA[$0.sha256] == nil }.map(\.bytes))
        let knownKeys = Set(keyBySHA.values)
        let pendingKeys = Set(pending.map { prefix + $0.relativePath })
        let toAsk = stored.filter {
            unknownSizes.contains($0.bytes) && !knownKeys.contains($0.key) && !pendingKeys.contains($0.key)
        }.map(\.key).sorted()
        for (key, sha) in await heads(toAsk, client: client, concurrency: concurrency) {
            keyBySHA[sha] = keyBySHA[sha] ?? key
        }
        var sources: [String: String] = [:]
        for file in copyable {
            if let key = keyBySHA[file.sha256], key != prefix + file.relativePath { sources[file.relativePath] = key }
        }
        return sources
    }

    /// `key → x-amz-meta-sha256` of the objects that carry one. A HEAD that fails only costs its
    /// copy (the file is uploaded); running requests are never cancelled (see `CatalogPusher.upload`).
    private static func heads(_ keys: [String], client: S3Client, concurrency: Int) async -> [(String, String)] {
        await withTaskGroup(of: (String, String)?.self) { group in
            var next = 0
            var found: [(String, String)] = []
            func addNext() {
                guard next < keys.count else { return }
                let key = keys[next]
                next += 1
                group.addTask {
                    guard let sha = try? await client.headObject(key: key)?.sha256 else { return nil }
                    return (key, sha.lowercased())
                }
            }
            for _ in 0..<max(concurrency * 2, 1) { addNext() }
            while let result = await group.next() {
                if let result { found.append(result) }
                addNext()
            }
            return found
        }
    }
}

/// What the copies of one push did: the keys copied, and whether the store refused a copy (after
/// which the push uploads everything else instead of asking again).
final class CopyLog: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String] = []
    private var refusedFlag = false

    var refused: Bool { lock.withLock { refusedFlag } }
    var copied: [String] { lock.withLock { keys } }

    func refuse() { lock.withLock { refusedFlag = true } }
    func append(_ key: String) { lock.withLock { keys.append(key) } }
}
