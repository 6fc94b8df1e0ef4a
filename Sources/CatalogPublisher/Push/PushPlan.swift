import BuildState
import Foundation
import ObjectStore

/// The first half of a push: what the bucket holds (the build state's rows for the destination,
/// trusted while the bucket's catalog.json is the one they were last true for; else a listing,
/// a page at a time into the rows), then a walk of the folder that queues every file the bucket
/// does not hold with the same bytes (``PushQueue``), and the copy sources of the queued files.
/// Files go through a batch at a time: memory does not grow with the folder.
struct PushPlan {
    let directory: URL
    let prefix: String
    let destination: String
    let client: S3Client
    let state: BuildStateStore
    let concurrency: Int

    /// Files walked in one batch (one read of their rows, their HEADs together, one write).
    static let batchSize = 512

    /// Makes the destination's rows true for the bucket as it is now.
    func loadHoldings() async throws {
        let catalog = try await client.headObject(key: prefix + "catalog.json")
        if let known = state.pushCatalog(for: destination), let catalog, catalog.sha256 == known { return }
        state.forgetPush(to: destination)
        try await client.listObjects(prefix: prefix) { page in
            state.savePushedObjects(
                page.filter { $0.key.hasPrefix(prefix) }.map {
                    PushedObject(
                        destination: destination, path: String($0.key.dropFirst(prefix.count)), bytes: $0.bytes,
                        sha256: nil)
                })
        }
        state.setPushCatalog(catalog?.sha256, for: destination)
    }

    /// Walks the folder and queues the files to store; returns how many were unchanged and the
    /// catalog.json's SHA-256.
    func queueChanges(
        into queue: PushQueue, events: @Sendable (PushEvent) -> Void
    ) async throws -> (unchanged: Int, catalog: String) {
        var walker = try PushWalker(directory)
        var compared = 0
        var unchanged = 0
        var catalog = ""
        while true {
            var batch: [PushWalker.Found] = []
            while batch.count < Self.batchSize, let found = walker.next() { batch.append(found) }
            guard !batch.isEmpty else { break }
            let result = try await self.queue(batch, into: queue)
            compared += batch.count
            events(.compared(files: compared))
            unchanged += result.unchanged
            if let sha = result.catalog { catalog = sha }
        }
        return (unchanged, catalog)
    }

    private func queue(
        _ walked: [PushWalker.Found], into queue: PushQueue
    ) async throws -> (unchanged: Int, catalog: String?) {
        let rows = state.pushedObjects(destination, paths: walked.map(\.relativePath))
        var files: [PushFile] = []
        for found in walked {
            // catalog.json is always read: its SHA-256 decides whether the next push trusts the rows.
            let row = found.phase == .catalog ? nil : rows[found.relativePath]
            let known = row.flatMap { row in row.stat.flatMap { stat in row.sha256.map { (stat, $0) } } }
            files.append(
                try PushFile.make(
                    found.path, folder: directory.path, relative: found.relativePath, phase: found.phase, known: known))
        }
        // Same size, SHA-256 not known (a listing's row): the object's own metadata decides.
        let toAsk = files.filter { rows[$0.relativePath]?.bytes == $0.bytes && rows[$0.relativePath]?.sha256 == nil }
        let asked = try await heads(toAsk.map { prefix + $0.relativePath })
        var learned: [PushedObject] = []
        var queued: [PushQueue.Entry] = []
        var unchanged = 0
        for file in files {
            let row = rows[file.relativePath]
            let stored = row?.sha256 ?? asked[prefix + file.relativePath]
            if let row, row.bytes == file.bytes, stored == file.sha256 {
                unchanged += 1
                if row.sha256 == nil || row.localStat != file.stat?.recordText {
                    learned.append(
                        PushedObject(
                            destination: destination, path: file.relativePath, bytes: file.bytes, sha256: file.sha256,
                            stat: file.stat))
                }
                continue
            }
            if let row, row.sha256 == nil, let stored {
                learned.append(
                    PushedObject(destination: destination, path: row.path, bytes: row.bytes, sha256: stored))
            }
            queued.append(
                PushQueue.Entry(
                    path: file.relativePath, bytes: file.bytes, sha256: file.sha256, phase: file.phase.rawValue,
                    stat: file.stat))
        }
        state.savePushedObjects(learned)
        try queue.add(queued)
        return (unchanged, files.last { $0.phase == .catalog }?.sha256)
    }

    /// Gives queued files a copy source: a key holding the same bytes that this push does not
    /// replace. Objects whose SHA-256 is unknown and whose size a queued file has are asked first
    /// (HEAD), a batch at a time.
    func findCopySources(in queue: PushQueue) async throws {
        try queue.findCopySources(destination: destination, limit: S3Client.copyLimit)
        var after = ""
        while true {
            let paths = try queue.unknownCandidates(
                destination: destination, limit: S3Client.copyLimit, after: after, count: Self.batchSize)
            guard let last = paths.last else { break }
            after = last
            let found = (try? await heads(paths.map { prefix + $0 }, failing: false)) ?? [:]
            let rows = state.pushedObjects(destination, paths: paths)
            state.savePushedObjects(
                found.compactMap { key, sha in
                    rows[String(key.dropFirst(prefix.count))].map {
                        PushedObject(destination: destination, path: $0.path, bytes: $0.bytes, sha256: sha)
                    }
                })
            try queue.findCopySources(destination: destination, limit: S3Client.copyLimit)
        }
    }

    /// `key → x-amz-meta-sha256` of the objects that carry one, asked a few at a time. With
    /// `failing`, the first failure is rethrown once the running requests finished (they are never
    /// cancelled: see `CatalogPusher.upload`); without, a failed HEAD only leaves its key out.
    func heads(_ keys: [String], failing: Bool = true) async throws -> [String: String] {
        guard !keys.isEmpty else { return [:] }
        let client = client
        let (found, failure) = await withTaskGroup(of: (String, Result<String?, any Error>).self) { group in
            var next = 0
            var found: [String: String] = [:]
            var failure: (any Error)?
            func addNext() {
                guard failure == nil, next < keys.count else { return }
                let key = keys[next]
                next += 1
                group.addTask {
                    do { return (key, .success(try await client.headObject(key: key)?.sha256?.lowercased())) } catch {
                        return (key, .failure(error))
                    }
                }
            }
            for _ in 0..<max(concurrency * 2, 1) { addNext() }
            while let (key, result) = await group.next() {
                switch result {
                case .success(let sha): if let sha { found[key] = sha }
                case .failure(let error): if failing { failure = failure ?? error }
                }
                addNext()
            }
            return (found, failure)
        }
        if let failure { throw failure }
        return found
    }
}
