import Foundation
import ObjectStore

/// `catalog push DIR s3://BUCKET[/PREFIX]`: uploads a published folder to an S3-compatible
/// store. Lists what the store holds, uploads only files whose size or stored SHA-256 differ —
/// every file under seeds/, packs/ and signatures/ first, then index.html, then catalog.json
/// last — so a failure part-way leaves the previous catalog.json live and consistent.
///
/// ```swift
/// var options = PushOptions(directory: "dist", destination: "s3://media/catalog")
/// let result = try await CatalogPusher.push(options) { event in print(event) }
/// result.uploaded   // 0 when the store already holds every file
/// ```
package enum CatalogPusher {
    package static func push(
        _ options: PushOptions,
        events: @escaping @Sendable (PushEvent) -> Void = { _ in }
    ) async throws -> PushResult {
        let directory = URL(fileURLWithPath: options.directory).standardizedFileURL
        let location = try BucketLocation(parsing: options.destination)
        let configuration = try ObjectStoreConfiguration(
            environment: options.environment, endpoint: options.endpoint,
            region: options.region)
        let files = try PushFile.scan(directory)
        let client = S3Client(
            configuration: configuration, bucket: location.bucket, retry: options.retry,
            multipart: options.multipart)
        let pending = try await changedFiles(
            files, prefix: location.prefix, client: client, concurrency: options.concurrency)
        let total = pending.reduce(Int64(0)) { $0 + $1.bytes }
        var result = PushResult(uploaded: pending.count, unchanged: files.count - pending.count, bytes: total)
        events(.planned(files: pending.count, bytes: total))
        if options.dryRun {
            result.uploadedKeys = pending.map { location.prefix + $0.relativePath }
            return result
        }
        let log = KeyLog()
        for phase in [PushFile.Phase.immutable, .page, .catalog] {
            let batch = pending.filter { $0.phase == phase }
            try await upload(
                batch, prefix: location.prefix, client: client, concurrency: options.concurrency, log: log,
                events: events)
        }
        result.uploadedKeys = log.keys
        return result
    }

    /// The files whose object is missing, of another size, or stored with another (or no) SHA-256.
    static func changedFiles(_ files: [PushFile], prefix: String, client: S3Client, concurrency: Int) async throws
        -> [PushFile]
    {
        let stored = Dictionary(
            try await client.listObjects(prefix: prefix).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var changed = Set<Int>()
        var toCheck: [Int] = []
        for (index, file) in files.enumerated() {
            guard let object = stored[prefix + file.relativePath], object.bytes == file.bytes else {
                changed.insert(index)
                continue
            }
            if let sha = object.sha256 {
                if sha != file.sha256 { changed.insert(index) }
            } else {
                toCheck.append(index)
            }
        }
        // Listings rarely carry metadata: HEAD the same-size objects, a few at a time. A failure
        // lets the running requests finish instead of cancelling them (see ``upload``).
        let failure: (any Error)? = await withTaskGroup(of: Result<(Int, Bool), any Error>.self) { group in
            var next = 0
            var failure: (any Error)?
            func addNext() {
                guard failure == nil, next < toCheck.count else { return }
                let index = toCheck[next]
                let file = files[index]
                next += 1
                group.addTask {
                    do {
                        let head = try await client.headObject(key: prefix + file.relativePath)
                        return .success((index, head?.bytes != file.bytes || head?.sha256 != file.sha256))
                    } catch { return .failure(error) }
                }
            }
            for _ in 0..<max(concurrency * 2, 1) { addNext() }
            while let checked = await group.next() {
                switch checked {
                case .success(let (index, isChanged)): if isChanged { changed.insert(index) }
                case .failure(let error): failure = failure ?? error
                }
                addNext()
            }
            return failure
        }
        if let failure { throw failure }
        return files.indices.filter(changed.contains).map { files[$0] }
    }

    /// Uploads `batch` with up to `concurrency` small files at once; files big enough for a
    /// multipart upload go one at a time (each holds its parts in flight). After the first
    /// failure no new upload starts, the running ones finish (cancelling a URLSession request
    /// while it starts can deadlock FoundationNetworking on Linux), and the failure is rethrown,
    /// so later phases (catalog.json) never start.
    static func upload(
        _ batch: [PushFile], prefix: String, client: S3Client, concurrency: Int, log: KeyLog,
        events: @escaping @Sendable (PushEvent) -> Void
    ) async throws {
        let large = batch.filter { $0.bytes > client.multipart.threshold }
        let small = batch.filter { $0.bytes <= client.multipart.threshold }
        let failure: (any Error)? = await withTaskGroup(of: (any Error)?.self) { group in
            var next = 0
            var failure: (any Error)?
            func addNext() {
                guard failure == nil, next < small.count else { return }
                let file = small[next]
                next += 1
                group.addTask {
                    do {
                        try await put(file, prefix: prefix, client: client, log: log, events: events)
                        return nil
                    } catch { return error }
                }
            }
            for _ in 0..<max(concurrency, 1) { addNext() }
            while let result = await group.next() {
                if let result { failure = failure ?? result }
                addNext()
            }
            return failure
        }
        if let failure { throw failure }
        for file in large { try await put(file, prefix: prefix, client: client, log: log, events: events) }
    }

    private static func put(
        _ file: PushFile, prefix: String, client: S3Client, log: KeyLog,
        events: @escaping @Sendable (PushEvent) -> Void
    ) async throws {
        let key = prefix + file.relativePath
        let upload = ObjectUpload(
            key: key, file: file.url, bytes: file.bytes, sha256: file.sha256,
            contentType: file.contentType, cacheControl: file.cacheControl)
        try await client.put(upload) { events(.sent(bytes: $0)) }
        log.append(key)
        events(.uploaded(key: key, bytes: file.bytes))
    }
}

/// Keys in the order their uploads finished, appended from concurrent tasks.
final class KeyLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ key: String) {
        lock.lock()
        stored.append(key)
        lock.unlock()
    }

    var keys: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
