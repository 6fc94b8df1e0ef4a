import BuildState
import Foundation
import ObjectStore

/// `catalog push DIR s3://BUCKET[/PREFIX]`: uploads a published folder to an S3-compatible
/// store. Lists what the store holds, stores only files whose size or stored SHA-256 differ —
/// every file under seeds/, packs/ and signatures/ first, then index.html, then catalog.json
/// last — so a failure part-way leaves the previous catalog.json live and consistent. A file
/// whose bytes the bucket already holds under another key is copied server-side
/// (``CopySources``); a store that refuses copies gets uploads instead.
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
        let destination =
            "\(configuration.endpoint?.absoluteString ?? "aws \(configuration.region)") \(location.bucket) \(location.prefix)"
        let client = S3Client(
            configuration: configuration, bucket: location.bucket, retry: options.retry,
            multipart: options.multipart, prefersURLSession: options.prefersURLSession)
        // The last push's record, read once: the SHA-256 of a file whose stat it holds is not taken
        // again, and while the store's catalog.json is the one it stored, it stands for a listing.
        let (files, listing) = try await { () async throws -> ([PushFile], [StoredObject]) in
            let record = options.state?.lastPush(to: destination)
            let entries = record?.entries ?? []
            var known: [String: (stat: FileStat, sha256: String)] = [:]
            for entry in entries {
                if let stat = entry.stat { known[entry.path] = (stat, entry.sha256) }
            }
            let files = try PushFile.scan(directory, known: known)
            known = [:]
            let listing = try await stored(
                at: location, destination: destination, client: client, state: options.state,
                record: record.map { ($0.catalog, entries) })
            return (files, listing)
        }()
        let pending = try await changedFiles(
            files, stored: listing, prefix: location.prefix, client: client, concurrency: options.concurrency)
        let sources =
            options.copies
            ? await CopySources.find(
                for: pending, among: files, stored: listing, prefix: location.prefix, client: client,
                concurrency: options.concurrency) : [:]
        let toSend = pending.filter { sources[$0.relativePath] == nil }
        let total = toSend.reduce(Int64(0)) { $0 + $1.bytes }
        var result = PushResult(
            uploaded: toSend.count, unchanged: files.count - pending.count, bytes: total,
            copied: pending.count - toSend.count)
        events(.planned(files: pending.count, bytes: total))
        if options.dryRun {
            result.uploadedKeys = toSend.map { location.prefix + $0.relativePath }
            result.copiedKeys = pending.filter { sources[$0.relativePath] != nil }.map {
                location.prefix + $0.relativePath
            }
            return result
        }
        let log = KeyLog()
        let copies = CopyLog()
        for phase in PushFile.Phase.allCases {
            let batch = pending.filter { $0.phase == phase }
            try await upload(
                batch, prefix: location.prefix, client: client, concurrency: options.concurrency, log: log,
                copies: CopyPlan(sources: sources, log: copies), events: events)
        }
        result.uploadedKeys = log.keys
        if let state = options.state, let catalog = files.last, catalog.relativePath == "catalog.json" {
            // The bucket now holds every file of the folder: the next push trusts this list while
            // the bucket's catalog.json is the one stored last here.
            state.recordPush(
                PushRecord(
                    destination: destination, catalog: catalog.sha256,
                    objects: files.map { ($0.relativePath, $0.bytes, $0.sha256, $0.stat) }))
        }
        let copied = Set(copies.copied)
        result.copied = copied.count
        result.uploaded = pending.count - copied.count
        result.bytes = pending.filter { !copied.contains(location.prefix + $0.relativePath) }
            .reduce(Int64(0)) { $0 + $1.bytes }
        return result
    }

    /// What the store holds under the prefix: the last push's record when the store's catalog.json
    /// is still the one that push stored (one HEAD request), else a listing of the prefix.
    static func stored(
        at location: BucketLocation, destination: String, client: S3Client, state: BuildStateStore?,
        record: (catalog: String, entries: [PushRecord.Object])?
    ) async throws -> [StoredObject] {
        if let state, let record {
            let catalog = try await client.headObject(key: location.prefix + "catalog.json")
            if let catalog, catalog.sha256 == record.catalog {
                return record.entries.map {
                    StoredObject(key: location.prefix + $0.path, bytes: $0.bytes, sha256: $0.sha256)
                }
            }
            state.forgetPush(to: destination)
        }
        return try await client.listObjects(prefix: location.prefix)
    }

    /// The files whose object is missing, of another size, or stored with another (or no) SHA-256.
    static func changedFiles(
        _ files: [PushFile], stored listing: [StoredObject], prefix: String, client: S3Client, concurrency: Int
    ) async throws -> [PushFile] {
        let stored = Dictionary(listing.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
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
        copies: CopyPlan, events: @escaping @Sendable (PushEvent) -> Void
    ) async throws {
        // A copy sends no body: copies run with the small files, whatever their size.
        let isLarge = { (file: PushFile) in
            file.bytes > client.multipart.threshold && copies.sources[file.relativePath] == nil
        }
        let large = batch.filter(isLarge)
        let small = batch.filter { !isLarge($0) }
        let failure: (any Error)? = await withTaskGroup(of: (any Error)?.self) { group in
            var next = 0
            var failure: (any Error)?
            func addNext() {
                guard failure == nil, next < small.count else { return }
                let file = small[next]
                next += 1
                group.addTask {
                    do {
                        try await store(file, prefix: prefix, client: client, log: log, copies: copies, events: events)
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
        for file in large {
            try await store(file, prefix: prefix, client: client, log: log, copies: copies, events: events)
        }
    }

    /// Copies `file` server-side when the plan has a source and the store has not refused a copy;
    /// else (or when this copy is refused) uploads it.
    private static func store(
        _ file: PushFile, prefix: String, client: S3Client, log: KeyLog, copies: CopyPlan,
        events: @escaping @Sendable (PushEvent) -> Void
    ) async throws {
        let key = prefix + file.relativePath
        let upload = ObjectUpload(
            key: key, file: file.url, bytes: file.bytes, sha256: file.sha256,
            contentType: file.contentType, cacheControl: file.cacheControl)
        if let source = copies.sources[file.relativePath], !copies.log.refused {
            do {
                try await client.copy(from: source, to: upload)
                copies.log.append(key)
                log.append(key)
                events(.copied(key: key, from: source))
                return
            } catch let error where S3Client.isCopyRefusal(error) {
                copies.log.refuse()
                events(.copyRefused(key: key, reason: "\(error)"))
            }
        }
        try await client.put(upload) { events(.sent(bytes: $0)) }
        log.append(key)
        events(.uploaded(key: key, bytes: file.bytes))
    }
}

/// The copy sources of one push (relative path → key holding the same bytes) and what happened.
struct CopyPlan: Sendable {
    let sources: [String: String]
    let log: CopyLog
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
