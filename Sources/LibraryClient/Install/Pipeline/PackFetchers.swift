import CatalogFormat
import Foundation
import PackTar

/// Fetches what an ``InstallPlan`` says into `.staging/<packId>/files/`, verifying everything.
struct PackFetchers: Sendable {
    let staging: StagingArea
    let policy: DownloadPolicy
    let recorder: ProgressRecorder

    private var downloader: Downloader { Downloader(policy: policy) }

    /// Hard-links (or copies) verified installed files into the staging folder. Returns the
    /// assets whose file could be neither linked nor copied (gone meanwhile, say, with another
    /// pack's uninstall), to be fetched instead.
    func linkReused(_ plan: InstallPlan) -> [Manifest.Asset] {
        let fm = FileManager.default
        var missed: [Manifest.Asset] = []
        for reuse in plan.reuse {
            let target = staging.files.appendingPathComponent(reuse.asset.fileName).path
            do { try fm.linkItem(atPath: reuse.source, toPath: target) } catch {
                do { try fm.copyItem(atPath: reuse.source, toPath: target) } catch {
                    try? fm.removeItem(atPath: target)
                    missed.append(reuse.asset)
                }
            }
        }
        return missed
    }

    /// Downloads each asset (resuming partials), verifies size and SHA-256, moves it into `files/`.
    func fetchAssets(_ assets: [Manifest.Asset], _ loaded: LoadedManifest) async throws {
        for asset in assets {
            try Task.checkCancellation()
            let url = try loaded.resolve(asset.url)
            let partial = staging.partial(sha256: asset.sha256)
            let recorder = self.recorder
            try await onceMoreIfDamaged(url) {
                let sink = try DownloadSink(
                    path: partial.path, label: Self.label(url), expectedBytes: asset.bytes,
                    expectedSHA256: asset.sha256, resume: true
                ) { recorder.add($0) }
                try await downloader.fetch(url, into: sink)
            }
            let target = staging.files.appendingPathComponent(asset.fileName)
            do { try FileManager.default.moveItem(at: partial, to: target) } catch {
                throw PackInstallError.fileSystem(
                    path: target.path, step: "cannot move the download into staging", error)
            }
        }
    }

    /// Downloads the archive while a second thread extracts from the growing partial file
    /// (``ArchiveExtraction``: each entry hashed as it is written, the archive's bytes behind the
    /// extraction freed, the archive's own size and SHA-256 checked at its end). If the server
    /// restarts the body, extraction runs again on the whole file.
    func fetchArchive(_ archive: Manifest.Archive, _ loaded: LoadedManifest) async throws {
        let url = try loaded.resolve(archive.url)
        let label = Self.label(url)
        let assets = loaded.manifest.assets
        let sizes = Dictionary(assets.map { ($0.fileName, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        let writer = AssetFileWriter(
            folder: staging.files, sizes: sizes,
            expectedSHA256: Dictionary(
                assets.map { ($0.fileName, $0.sha256.lowercased()) }, uniquingKeysWith: { a, _ in a }),
            archiveLabel: label)
        let extraction = ArchiveExtraction(
            partial: staging.partial(sha256: archive.sha256), archive: archive, writer: writer, label: label)
        var first = true
        try await onceMoreIfDamaged(url) {
            if !first {
                // From the start: an entry that failed its hash may lie in the partial archive.
                try writer.reset()
                extraction.discard()
                try? FileManager.default.removeItem(at: staging.partial(sha256: archive.sha256))
            }
            first = false
            try await fetchArchive(archive, url: url, label: label, extraction: extraction)
        }
        extraction.discard()
    }

    /// One download of the archive, extracted as it arrives.
    private func fetchArchive(
        _ archive: Manifest.Archive, url: URL, label: String, extraction: ArchiveExtraction
    ) async throws {
        let partial = staging.partial(sha256: archive.sha256)
        extraction.prepare()
        let signal = DownloadSignal(window: ArchiveExtraction.window(for: archive.bytes))
        let recorder = self.recorder
        let sink = try DownloadSink(
            path: partial.path, label: label, expectedBytes: archive.bytes,
            expectedSHA256: nil, resume: true, signal: signal, syncOnFinish: false
        ) { recorder.add($0) }
        let idle = policy.stallTimeout * Double(policy.maxRetries + 2) + 60
        let follower = Task {
            try await Blocking.run {
                do {
                    try extraction.run(signal: signal, idleLimit: idle)
                } catch let error where error is GrowingFileReader.Restarted || error is GrowingFileReader.Stopped {
                    throw error
                } catch {
                    signal.abort()
                    throw error
                }
            }
        }
        var downloadError: (any Error)?
        do {
            try await downloader.fetch(url, into: sink)
            signal.finish(success: true)
        } catch {
            signal.finish(success: false)
            downloadError = error
        }
        let outcome = await follower.result
        if let downloadError {
            if downloadError is SinkAbort, case .failure(let cause) = outcome { throw cause }
            throw downloadError
        }
        if case .failure(let error) = outcome {
            guard error is GrowingFileReader.Restarted || error is GrowingFileReader.Stopped else { throw error }
            // The body started over: the part now holds it whole (nothing freed since); read it again.
            try await Blocking.run { try extraction.extractWhole() }
        }
        try? FileManager.default.removeItem(at: partial)
    }

    static func label(_ url: URL) -> String { url.isFileURL ? url.path : url.absoluteString }

    /// Runs `fetch` through ``DamagedBody``: a body from `url` that failed its SHA-256 or could
    /// not be read as the archive it should be is fetched once more from the start, its bytes
    /// taken off the progress first.
    func onceMoreIfDamaged(_ url: URL, _ fetch: () async throws -> Void) async throws {
        let before = recorder.bytesDone
        var again = false
        try await DamagedBody.onceMore(url, when: Self.isDamage) {
            if again { recorder.add(before - recorder.bytesDone) }
            again = true
            try await fetch()
        }
    }

    /// Whether a pack file's failure is damage on the way (worth one refetch).
    static func isDamage(_ error: any Error) -> Bool {
        switch error as? PackInstallError {
        case .hashMismatch?, .refusedArchive?: true
        default: false
        }
    }
}
