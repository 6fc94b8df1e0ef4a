import AudioAnalysis
import CatalogModel
import Foundation

/// The sound analysis of one build: each asset is handed over as soon as the writer has
/// hashed it (so the cache, keyed by that hash, is asked first and the file is decoded from
/// the page cache right behind the writer), and analysed on as many workers as there are cores.
final class AnalysisRun: @unchecked Sendable {
    private let cache: AnalysisCache
    private let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var pending: [(PlannedAsset, String)] = []
    private var running = 0
    private var cancelled = false
    private var results: [String: SoundAnalysis] = [:]
    private var failures: [(PlannedAsset, any Error)] = []

    init(cache: AnalysisCache = .standard()) {
        self.cache = cache
    }

    /// Queues the analysis of `asset`, whose content hashes to `sha256`; starts a worker when
    /// fewer than one per core are running. (A `DispatchGroup` waits for them: corelibs
    /// Foundation's `OperationQueue.waitUntilAllOperationsAreFinished` spins a core.)
    func submit(_ asset: PlannedAsset, sha256: String) {
        group.enter()
        let start = lock.withLock {
            pending.append((asset, sha256))
            guard running < workers else { return false }
            running += 1
            return true
        }
        if start { DispatchQueue.global(qos: .userInitiated).async { self.work() } }
    }

    /// One worker: takes queued files until none are left.
    private func work() {
        while let (asset, sha256) = lock.withLock({ () -> (PlannedAsset, String)? in
            guard !pending.isEmpty else {
                running -= 1
                return nil
            }
            return pending.removeFirst()
        }) {
            defer { group.leave() }
            if lock.withLock({ cancelled }) { continue }
            do {
                let analysis = try cache.analysis(
                    sha256: sha256, path: asset.sourcePath, authoredLoop: asset.authoredLoop)
                lock.withLock { results[asset.fileName] = analysis }
            } catch {
                lock.withLock { failures.append((asset, error)) }
            }
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

    /// Stops what has not started and waits for the rest (a failed build).
    func cancel() {
        lock.withLock { cancelled = true }
        group.wait()
    }
}

extension PlannedAsset {
    /// The item's `loop:` in frames at the rate the file decodes to (Opus always decodes at
    /// 48 kHz, whatever input rate its header records).
    var authoredLoop: LoopRegion? { item.loop?.region(sampleRate: info.codec == "opus" ? 48000 : info.sampleRate) }
}
