import BuildState
import Foundation
import ObjectStore

/// `catalog push DIR s3://BUCKET[/PREFIX]`: uploads a published folder to an S3-compatible
/// store. Knows what the store holds (the build state's rows, trusted while the bucket's
/// catalog.json is the one they were true for; else a listing), stores only files whose size or
/// SHA-256 differ —
/// every file under seeds/, packs/ and signatures/ first, then index.html, then catalog.json
/// last — so a failure part-way leaves the previous catalog.json live and consistent. A file
/// whose bytes the bucket already holds under another key is copied server-side
/// (``PushPlan/findCopySources(in:)``); a store that refuses copies gets uploads instead.
///
/// ```swift
/// var options = PushOptions(directory: "dist", destination: "s3://media/catalog")
/// let result = try await CatalogPusher.push(options) { event in print(event) }
/// result.uploaded   // 0 when the store already holds every file
/// ```
package enum CatalogPusher {
    /// Queued files stored in one batch (their rows written together once stored).
    static let uploadBatch = 256

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
        _ = try PushWalker(directory)  // not a published folder: nothing is asked of the store
        // Without a build state (--no-cache) the work still goes to disk, in a store of its own.
        let state = try options.state ?? BuildStateStore.temporary()
        let plan = PushPlan(
            directory: directory, prefix: location.prefix, destination: destination, client: client, state: state,
            concurrency: options.concurrency)
        try await plan.loadHoldings()
        let queue = try PushQueue(store: state)
        let (unchanged, catalog) = try await plan.queueChanges(into: queue, events: events)
        if options.copies { try await plan.findCopySources(in: queue) }
        let totals = try queue.totals()
        var result = PushResult(
            uploaded: totals.files - totals.copies, unchanged: unchanged, bytes: totals.bytesToSend,
            copied: totals.copies)
        events(.planned(files: totals.files, bytes: totals.bytesToSend))
        if options.dryRun {
            for copied in [true, false] {
                var after: Int64 = 0
                while case let batch = try queue.entries(copied: copied, after: after, limit: uploadBatch),
                    let last = batch.last
                {
                    after = last.seq
                    for entry in batch {
                        let key = location.prefix + entry.path
                        let source = entry.source.map { location.prefix + $0 }
                        events(source.map { .wouldCopy(key: key, from: $0) } ?? .wouldUpload(key: key))
                    }
                }
            }
            return result
        }
        let refusal = CopyRefusal()
        var sent = Counter()
        for phase in PushFile.Phase.allCases {
            var after: Int64 = 0
            while case let batch = try queue.entries(phase: phase.rawValue, after: after, limit: uploadBatch),
                let last = batch.last
            {
                after = last.seq
                try await store(
                    batch, directory: directory, phase: phase, plan: plan, refusal: refusal, sent: &sent,
                    concurrency: options.concurrency, events: events)
            }
        }
        // The bucket now holds every file of the folder: the next push trusts the rows while the
        // bucket's catalog.json is the one stored here.
        state.setPushCatalog(catalog, for: destination)
        result.copied = sent.copied
        result.uploaded = sent.uploaded
        result.bytes = sent.bytes
        return result
    }

    /// What the batches stored.
    struct Counter {
        var uploaded = 0, copied = 0
        var bytes: Int64 = 0
    }

    /// Stores one batch of queued files, then records in the build state what the bucket now
    /// holds (also when the batch fails part way: the files stored before the failure).
    private static func store(
        _ batch: [PushQueue.Entry], directory: URL, phase: PushFile.Phase, plan: PushPlan, refusal: CopyRefusal,
        sent: inout Counter, concurrency: Int, events: @escaping @Sendable (PushEvent) -> Void
    ) async throws {
        let files = batch.map {
            PushFile(
                relativePath: $0.path, folder: directory.path, bytes: $0.bytes, sha256: $0.sha256, phase: phase,
                stat: $0.stat)
        }
        var sources: [String: String] = [:]
        for entry in batch { if let source = entry.source { sources[entry.path] = plan.prefix + source } }
        let log = KeyLog()
        let copyPlan = CopyPlan(sources: sources, refusal: refusal, copied: KeyLog())
        var failure: (any Error)?
        do {
            try await upload(
                files, prefix: plan.prefix, client: plan.client, concurrency: concurrency, log: log,
                copies: copyPlan, events: events)
        } catch { failure = error }
        let stored = Set(log.keys)
        let copied = Set(copyPlan.copied.keys)
        var rows: [PushedObject] = []
        for file in files where stored.contains(plan.prefix + file.relativePath) {
            rows.append(
                PushedObject(
                    destination: plan.destination, path: file.relativePath, bytes: file.bytes, sha256: file.sha256,
                    stat: file.stat))
            if copied.contains(plan.prefix + file.relativePath) {
                sent.copied += 1
            } else {
                sent.uploaded += 1
                sent.bytes += file.bytes
            }
        }
        plan.state.savePushedObjects(rows)
        if let failure { throw failure }
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
        if let source = copies.sources[file.relativePath], !copies.refusal.refused {
            do {
                try await client.copy(from: source, to: upload)
                copies.copied.append(key)
                log.append(key)
                events(.copied(key: key, from: source))
                return
            } catch let error where S3Client.isCopyRefusal(error) {
                copies.refusal.refuse()
                events(.copyRefused(key: key, reason: "\(error)"))
            }
        }
        try await client.put(upload) { events(.sent(bytes: $0)) }
        log.append(key)
        events(.uploaded(key: key, bytes: file.bytes))
    }
}
