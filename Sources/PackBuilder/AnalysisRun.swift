import AudioAnalysis
import CatalogModel
import Foundation

/// The sound analysis of one build: each asset is handed over as soon as the writer has
/// hashed it (so the cache, keyed by that hash, is asked first and the file is decoded from
/// the page cache right behind the writer), and analysed on as many workers as there are cores.
final class AnalysisRun: @unchecked Sendable {
    private let cache: AnalysisCache
    private let queue = OperationQueue()
    private let lock = NSLock()
    private var results: [String: SoundAnalysis] = [:]
    private var failures: [(PlannedAsset, any Error)] = []

    init(cache: AnalysisCache = .standard()) {
        self.cache = cache
        queue.maxConcurrentOperationCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
        queue.qualityOfService = .userInitiated
    }

    /// Queues the analysis of `asset`, whose content hashes to `sha256`.
    func submit(_ asset: PlannedAsset, sha256: String) {
        queue.addOperation { [self] in
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
        queue.waitUntilAllOperationsAreFinished()
        return lock.withLock {
            let problems = failures.sorted { $0.0.index < $1.0.index }.map { asset, error in
                SoundWarnings.diagnostic(.error, SoundWarnings.reason(of: error, asset), pack: pack, asset: asset)
            }
            return (results, problems)
        }
    }

    /// Stops what has not started and waits for the rest (a failed build).
    func cancel() {
        queue.cancelAllOperations()
        queue.waitUntilAllOperationsAreFinished()
    }
}

extension PlannedAsset {
    /// The item's `loop:` in frames at the rate the file decodes to (Opus always decodes at
    /// 48 kHz, whatever input rate its header records).
    var authoredLoop: LoopRegion? { item.loop?.region(sampleRate: info.codec == "opus" ? 48000 : info.sampleRate) }
}
