import AudioAnalysis
import CatalogModel
import Foundation

/// The sound analysis of one build, on as many workers as there are cores. During a build
/// each file is decoded from the bytes the writer reads (``SourceFeed``: one read of each file)
/// unless the cache already answers for the digest ``FileDigests`` knows for it, or for the
/// audio last seen with the same size and first chunk (the full digest then confirms it, or the
/// file is decoded from its path after all). A file decoded as it streams by whose digest, once
/// read, turns out to be cached is stopped and the cache answers. Outside a build (`validate`)
/// a file is decoded from its path after hashing.
final class AnalysisRun: @unchecked Sendable {
    private let cache: AnalysisCache
    private let starts: FileDigests
    private let reportsTiming: Bool
    private let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var pending: [Job] = []
    private var jobs: [String: Job] = [:]
    /// Assets the cache answered for before they were read, by the digest that answered.
    private var answeredBefore: [String: String] = [:]
    private var running = 0
    private var cancelled = false
    private var results: [String: SoundAnalysis] = [:]
    private var failures: [(PlannedAsset, any Error)] = []
    private let started = DispatchTime.now().uptimeNanoseconds
    /// Decoding from the stream: files, seconds decoding, seconds of that waiting for bytes.
    private var streamed = (files: 0, busy: 0.0, waited: 0.0, reread: Int64(0))

    private final class Job {
        let asset: PlannedAsset
        let feed: SourceFeed?
        /// ``FileDigests/startKey(size:first:)`` of the file, recorded with its digest.
        var start: String?
        var sha256: String?
        var outcome: Result<SoundAnalysis, any Error>?
        var answered = false

        init(_ asset: PlannedAsset, feed: SourceFeed?, sha256: String?) {
            self.asset = asset
            self.feed = feed
            self.sha256 = sha256
        }
    }

    /// `starts`: the digests that remember which audio a file's start last belonged to;
    /// `reportsTiming`: ``timing`` says how busy the decoders were.
    init(cache: AnalysisCache, starts: FileDigests, reportsTiming: Bool = false) {
        self.cache = cache
        self.starts = starts
        self.reportsTiming = reportsTiming
    }

    /// The analysis of a build run with `settings`: its cache and digests, its timing report.
    convenience init(_ settings: BuildSettings) {
        self.init(cache: settings.analysisCache, starts: settings.fileDigests, reportsTiming: settings.reportsTiming)
    }

    /// Queues the analysis of `asset`, whose content hashes to `sha256`, decoded from its path.
    func submit(_ asset: PlannedAsset, sha256: String) {
        enqueue(Job(asset, feed: nil, sha256: sha256))
    }

    /// The writer has read the `start` of `asset`: nil when the cache answers for
    /// `knownSHA256`, or for the file last seen with the same size and start (the same audio
    /// elsewhere, most likely; checked once it is hashed); else the feed that will carry its
    /// bytes to a decoder.
    func opened(
        _ asset: PlannedAsset, knownSHA256: String?, start: UnsafeRawBufferPointer, chunkSize: Int
    ) -> SourceFeed? {
        let startKey = FileDigests.startKey(size: asset.size, first: start)
        for candidate in [knownSHA256, knownSHA256 == nil ? starts.digest(ofStart: startKey) : nil] {
            guard let candidate, let known = cache.answer(sha256: candidate, authoredLoop: asset.authoredLoop) else {
                continue
            }
            lock.withLock {
                results[asset.fileName] = known
                answeredBefore[asset.fileName] = candidate
            }
            return nil
        }
        let job = Job(
            asset, feed: SourceFeed(path: asset.sourcePath, size: asset.size, chunkSize: chunkSize), sha256: nil)
        job.start = startKey
        lock.withLock { jobs[asset.fileName] = job }
        enqueue(job)
        return job.feed
    }

    /// The writer has read all of `asset`, whose bytes hash to `sha256`.
    func hashed(_ asset: PlannedAsset, sha256: String) {
        guard let job = lock.withLock({ jobs[asset.fileName] }) else {
            // Answered from the cache before the read: right unless the file changed since.
            if lock.withLock({ answeredBefore[asset.fileName] }) != sha256 { submit(asset, sha256: sha256) }
            return
        }
        let known = cache.answer(sha256: sha256, authoredLoop: asset.authoredLoop)
        if known != nil {
            job.feed?.cancel()
            if let start = job.start { starts.record(start: start, sha256: sha256) }
        }
        settle(job) {
            job.sha256 = sha256
            if let known {
                job.answered = true
                results[asset.fileName] = known
            }
        }
    }

    private func enqueue(_ job: Job) {
        group.enter()
        let start = lock.withLock {
            pending.append(job)
            guard running < workers else { return false }
            running += 1
            return true
        }
        guard start else { return }
        // Own threads: a decoder may wait for the writer, and the writer's lanes and write-behind
        // queues need Dispatch's threads meanwhile.
        let thread = Thread { self.work() }
        thread.stackSize = 4 << 20
        thread.start()
    }

    /// One worker: takes queued files until none are left.
    private func work() {
        while let job = lock.withLock({ () -> Job? in
            guard !pending.isEmpty else {
                running -= 1
                return nil
            }
            return pending.removeFirst()
        }) {
            defer { group.leave() }
            if lock.withLock({ cancelled || job.answered }) {
                job.feed?.close()
                continue
            }
            let asset = job.asset
            let start = DispatchTime.now().uptimeNanoseconds
            defer {
                if let feed = job.feed {
                    let busy = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                    let (waited, reread) = (feed.waited, feed.reread)
                    lock.withLock {
                        streamed.files += 1
                        streamed.busy += busy
                        streamed.waited += waited
                        streamed.reread += reread
                    }
                }
            }
            let outcome = Result {
                if let feed = job.feed {
                    try SoundAnalyzer.analyze(path: asset.sourcePath, authoredLoop: asset.authoredLoop, source: feed)
                } else {
                    try cache.analysis(sha256: job.sha256!, path: asset.sourcePath, authoredLoop: asset.authoredLoop)
                }
            }
            settle(job) { job.outcome = outcome }
        }
    }

    /// Applies `change` to `job`, then records its result once both its digest and its
    /// outcome are known (a fresh analysis of streamed bytes is stored in the cache).
    private func settle(_ job: Job, _ change: () -> Void) {
        let store: (SoundAnalysis, String)? = lock.withLock {
            change()
            guard !job.answered, let sha256 = job.sha256, let outcome = job.outcome else { return nil }
            switch outcome {
            case .success(let analysis):
                results[job.asset.fileName] = analysis
                return job.feed == nil ? nil : (analysis, sha256)
            case .failure(let error):
                if !cancelled { failures.append((job.asset, error)) }
                return nil
            }
        }
        if let (analysis, sha256) = store {
            cache.store(analysis, sha256: sha256)
            if let start = job.start { starts.record(start: start, sha256: sha256) }
        }
    }

    /// Waits for every queued analysis; returns them by asset file name, with one located error
    /// per file that could not be decoded.
    func finish(_ pack: PackSource) -> ([String: SoundAnalysis], [Diagnostic]) {
        group.wait()
        return lock.withLock {
            let problems = failures.sorted { $0.0.index < $1.0.index }.map { asset, error in
                SoundWarnings.diagnostic(.error, SoundWarnings.reason(of: error, asset), pack: pack, asset: asset)
            }
            return (results, problems)
        }
    }

    /// When made to report timing (``BuildSettings/reportsTiming``, `SOUNDSHELF_TIMING` in the
    /// tools): how busy the decoders were (after `finish`), so the read-ahead's effect on
    /// parallelism shows whatever else the machine is doing.
    var timing: String? {
        guard reportsTiming else { return nil }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let s = lock.withLock { streamed }
        let working = s.busy - s.waited
        return String(
            format: "analysis: %d files decoded from the stream in %.2f s; decoders working %.2f s (%.2f at once), "
                + "waiting for bytes %.2f s; %lld bytes read again", s.files, wall, working, working / max(wall, 1e-9),
            s.waited, s.reread)
    }

    /// Stops what has not started, cuts off decoders waiting for bytes, and waits for the rest.
    func cancel() {
        let feeds = lock.withLock {
            cancelled = true
            return jobs.values.compactMap(\.feed)
        }
        feeds.forEach { $0.cancel() }
        group.wait()
    }
}

extension PlannedAsset {
    /// The item's `loop:` in frames at the rate the file decodes to (Opus always decodes at
    /// 48 kHz, whatever input rate its header records).
    var authoredLoop: LoopRegion? { item.loop?.region(sampleRate: info.codec == "opus" ? 48000 : info.sampleRate) }
}
