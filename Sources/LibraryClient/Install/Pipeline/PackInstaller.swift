import CatalogFormat
import Foundation
import GRDB

/// Installs, upgrades or repairs one pack, end to end, under its install lock:
/// manifest (verified against catalog.json) → plan (reuse verified installed files) → fetch into
/// staging (archive with overlapped extraction, or per asset) → commit (rename + one transaction).
/// Any failure leaves `AudioAssets/` as it was, marks the pack `failed` with the error sentence,
/// and keeps only a resumable partial download.
struct PackInstaller: Sendable {
    enum Mode: Sendable {
        case install(perAsset: Bool)
        case repair
    }

    let paths: LibraryPaths
    let database: AppDatabase
    let transport: any CatalogTransport
    let policy: DownloadPolicy
    let hub: PackEventHub
    let refreshIndex: @Sendable ([String]) async throws -> Void

    func run(_ snapshot: PackWithState, mode: Mode) async throws -> PackInstallResult {
        let staging = StagingArea(paths: paths, packId: snapshot.id)
        let lock = try InstallLock.acquire(staging, wait: policy.lockWait)
        defer { lock.release() }
        try CommitRecovery(staging: staging, database: database).recover()
        // Read again under the lock: another process may have installed the pack while this one waited.
        let pack =
            try await database.read { db in try PackWithState.fetchOne(db, id: snapshot.id) } ?? snapshot
        if case .install = mode, let current = try await currentIfComplete(pack) {
            // A process killed between the final transaction and its cleanup leaves `.staging/<packId>/`
            // behind; the listed version is installed, so nothing in it is needed.
            staging.cleanUp(keepPartials: false)
            return current
        }
        let writer = PackStateWriter(database: database)
        try await writer.begin(pack.id)
        hub.send(PackDownloadEvent(packID: pack.id, phase: .started, state: .downloading))
        let recorder = ProgressRecorder(packId: pack.id, writer: writer, hub: hub, interval: policy.progressInterval)
        do {
            var result = try await RetryLog.$current.withValue(recorder.retries) {
                try await perform(pack, mode: mode, staging: staging, recorder: recorder, writer: writer)
            }
            result.retries = recorder.retries.count
            var done = recorder.event(phase: .downloaded, state: .downloaded)
            done.bytesDownloaded = result.downloadedBytes
            done.bytesTotal = result.downloadedBytes
            hub.send(done)
            return result
        } catch {
            let failure: any Error =
                (error is CancellationError || Task.isCancelled) && !(error is PackInstallError)
                ? PackInstallError.cancelled(packId: pack.id) : error
            staging.cleanUp(keepPartials: (failure as? PackInstallError)?.keepsPartialDownload ?? true)
            let message = ToolMessage.sentence(for: failure)
            writer.fail(pack.id, message: message)
            var failed = recorder.event(phase: .failed, state: .failed)
            failed.message = message
            hub.send(failed)
            throw failure
        }
    }

    private func perform(
        _ pack: PackWithState, mode: Mode, staging: StagingArea, recorder: ProgressRecorder,
        writer: PackStateWriter
    ) async throws -> PackInstallResult {
        let loaded = try await ManifestLoader(
            database: database, transport: transport, catalogOverride: policy.catalogLocation
        ).load(pack)
        let manifest = loaded.manifest
        let installed = try await database.read { db in
            try LocalAssetRecord.all().installed().fetchAll(db).compactMap { asset in
                asset.localPath.map { InstalledFile(packId: asset.packId, localPath: $0, sha256: asset.sha256) }
            }
        }
        let perAsset: Bool
        if case .install(let flag) = mode { perAsset = flag } else { perAsset = false }
        var plan = try await Blocking.run {
            InstallPlan.make(manifest, staging: staging, installed: installed, perAsset: perAsset)
        }
        let needed = plan.useArchive ? [manifest.archive?.sha256 ?? ""] : plan.fetch.map(\.sha256)
        // An archive's checkpoint and done list go with its part (ArchiveExtraction).
        let kept = needed.flatMap { sha in [".part", ".part.resume", ".part.done"].map { sha.lowercased() + $0 } }
        try staging.prepare(keeping: Set(kept))
        let fetchers = PackFetchers(staging: staging, policy: policy, recorder: recorder)
        let missed = fetchers.linkReused(plan)
        plan.fetch += missed
        plan.reuse.removeAll { reuse in missed.contains { $0.fileName == reuse.asset.fileName } }
        // Progress counts only the bytes to fetch; what is reused is announced beside it.
        let total = plan.bytesToFetch(manifest)
        let resumed = Self.resumedBytes(plan, manifest, staging: staging)
        // Within the audio budget first: what it offloads also frees the disk for the check below.
        let offloaded = try await AudioBudgetKeeper(paths: paths, database: database, policy: policy)
            .makeRoom(for: pack.id, incoming: manifest.totalBytes)
        // An archive's bytes are freed behind its extraction: beside the files, the part keeps a window.
        let partial = plan.useArchive ? ArchiveExtraction.partOnDisk(for: total) : 0
        try checkSpace(toFetch: total - resumed, unpacking: partial, staging: staging)
        recorder.setPlan(total: total, reusedFiles: plan.reuse.count, reusedBytes: plan.reusedBytes)
        try await writer.setTotal(pack.id, total: total)
        recorder.flush()
        if plan.useArchive, let archive = manifest.archive {
            try await fetchers.fetchArchive(archive, loaded)
        } else {
            try await fetchers.fetchAssets(plan.fetch, loaded)
        }
        try Task.checkCancellation()
        recorder.flush()
        hub.send(recorder.event(phase: .installing, state: .downloading))
        let changed = try await InstallCommit(database: database, staging: staging, kind: pack.kind).commit(loaded)
        staging.cleanUp(keepPartials: false)
        if !changed.isEmpty { try? await refreshIndex(changed) }
        var result = PackInstallResult(
            packID: pack.id, state: .downloaded, files: manifest.assets.count, bytes: manifest.totalBytes,
            downloadedBytes: total - resumed, reusedFiles: plan.reuse.count, resumedBytes: resumed)
        result.offloaded = offloaded
        return result
    }

    /// Refuses at once, before a byte is fetched, when the staging folder's disk cannot hold what
    /// the install writes there: the bytes still to fetch, and for an archive what its partial
    /// download keeps beside the unpacked files (``ArchiveExtraction/partOnDisk(for:)``).
    private func checkSpace(toFetch: Int64, unpacking: Int64, staging: StagingArea) throws {
        let needed = max(toFetch, 0) + unpacking
        guard let free = DiskSpace.free(at: staging.folder.path), free < needed else { return }
        throw PackInstallError.diskFull(path: staging.folder.path, needed: needed, free: free)
    }

    /// Bytes the partial downloads of an earlier run already hold for this plan (each capped at
    /// its file's size): fetched again only if they turn out wrong.
    private static func resumedBytes(_ plan: InstallPlan, _ manifest: Manifest, staging: StagingArea) -> Int64 {
        let files: [(String, Int64)] =
            plan.useArchive
            ? manifest.archive.map { [($0.sha256, $0.bytes)] } ?? [] : plan.fetch.map { ($0.sha256, $0.bytes) }
        return files.reduce(Int64(0)) { sum, file in
            sum + min(DiskSpace.fileSize(staging.partial(sha256: file.0).path), file.1)
        }
    }

    /// The result for a pack already installed at the listed version with all its files present.
    private func currentIfComplete(_ pack: PackWithState) async throws -> PackInstallResult? {
        guard pack.state == .downloaded, pack.installedVersion == pack.version else { return nil }
        let paths = self.paths
        let rows = try await database.read { db in
            try LocalAssetRecord.all().forPack(pack.id).fetchAll(db)
        }
        guard !rows.isEmpty, rows.allSatisfy({ paths.fileExists(localPath: $0.localPath) }) else { return nil }
        return PackInstallResult(
            packID: pack.id, state: .downloaded, files: rows.count,
            bytes: rows.reduce(0) { $0 + ($1.bytesTotal ?? 0) })
    }
}

/// The one sentence stored in `last_error` and shown to people.
enum ToolMessage {
    static func sentence(for error: any Error) -> String {
        switch error {
        case let error as PackInstallError: return error.description
        case let error as LibraryClientError: return error.description
        default: return DiskSpace.reason(error)
        }
    }
}
