import CatalogFormat
import Foundation

/// Downloads, verifies, installs, repairs and removes packs of one library; usable from an app.
///
/// One operation per pack runs at a time: a second `startDownload` of the same pack joins the
/// running one; another process installing it makes the call wait (``DownloadPolicy/lockWait``)
/// or throw ``PackInstallError/busy(packId:pid:)``. Progress goes to `pack_state` (a few times
/// per second) and to ``events`` / ``progress(for:)``. Packs named by id (either case) or slug.
///
/// ```swift
/// let manager = library.makeDownloadManager()
/// Task { for await event in manager.progress(for: packID) { print(event.bytesDownloaded) } }
/// let result = try await manager.startDownload("dungeon-delve")
/// try await manager.deletePack(.id(result.packID))
/// ```
public actor PackDownloadManager {
    private let library: Library
    private let transport: any CatalogTransport
    private let policy: DownloadPolicy
    private let hub = PackEventHub()
    private var running: [String: Task<PackInstallResult, any Error>] = [:]

    /// A manager over `library`; manifests (and catalog.json) are read through `transport`
    /// (nil: a ``URLCatalogTransport`` retrying as `policy` says).
    public init(
        library: Library, policy: DownloadPolicy = DownloadPolicy(), transport: (any CatalogTransport)? = nil
    ) {
        self.library = library
        self.policy = policy
        self.transport = transport ?? URLCatalogTransport(policy: policy)
    }

    deinit { hub.finishAll() }

    /// Every event of every pack, from now on.
    public nonisolated var events: AsyncStream<PackDownloadEvent> { hub.stream(filter: nil) }

    /// The events of one pack (by canonical id), from now on.
    public nonisolated func progress(for packID: String) -> AsyncStream<PackDownloadEvent> {
        hub.stream(filter: CanonicalID.normalized(packID))
    }

    /// Downloads and installs the pack (or upgrades it to the listed version); resumes a partial
    /// download; returns at once when the listed version is installed and complete.
    /// `perAsset` downloads asset by asset even when the manifest offers an archive.
    @discardableResult
    public func startDownload(_ pack: PackReference, perAsset: Bool = false) async throws -> PackInstallResult {
        try await operate(pack) { installer, pack in try await installer.run(pack, mode: .install(perAsset: perAsset)) }
    }

    /// Re-verifies installed files by hash and fetches only what is missing or wrong; installs a
    /// pack that is not installed (resuming a partial download).
    @discardableResult
    public func repairOrResume(_ pack: PackReference) async throws -> PackInstallResult {
        try await operate(pack) { installer, pack in try await installer.run(pack, mode: .repair) }
    }

    /// Deletes the pack's files and `local_asset` / `item_local_audio` rows; state `not_downloaded`.
    @discardableResult
    public func deletePack(_ reference: PackReference) async throws -> PackInstallResult {
        let pack = try await library.packs.fetchPack(reference)
        if let task = running[pack.id] {
            task.cancel()
            _ = try? await task.value
        }
        let result = try await PackUninstaller(paths: library.paths, database: library.database, policy: policy).run(
            pack)
        hub.send(PackDownloadEvent(packID: pack.id, phase: .removed, state: .notDownloaded))
        return result
    }

    /// Removes the pack's audio as ``deletePack(_:)`` does but leaves it ``PackState/offloaded``:
    /// its items stay listed as offloaded, and an install brings it back.
    @discardableResult
    public func offloadPack(_ reference: PackReference) async throws -> PackInstallResult {
        let pack = try await library.packs.fetchPack(reference)
        if let task = running[pack.id] {
            task.cancel()
            _ = try? await task.value
        }
        let result = try await PackUninstaller(paths: library.paths, database: library.database, policy: policy)
            .run(pack, leaving: .offloaded)
        hub.send(PackDownloadEvent(packID: pack.id, phase: .removed, state: .offloaded))
        return result
    }

    /// Cancels a running download of the pack; its partial download is kept for a resume.
    public func cancelDownload(_ pack: PackReference) async {
        let id = (try? await library.packs.fetchPack(pack).id) ?? pack.description
        running[id]?.cancel()
    }

    /// Marks packs left `downloading` by a process that is gone as `failed` ("interrupted"); the
    /// next install or repair resumes them. Every operation calls it first. Returns their ids.
    @discardableResult
    public func recoverInterruptedDownloads() async throws -> [String] {
        try await PackStateWriter(database: library.database).recoverInterrupted(paths: library.paths)
    }

    // MARK: -

    private func operate(
        _ reference: PackReference,
        _ body: @escaping @Sendable (PackInstaller, PackWithState) async throws -> PackInstallResult
    ) async throws -> PackInstallResult {
        try await recoverInterruptedDownloads()
        let pack = try await library.packs.fetchPack(reference)
        if let task = running[pack.id] { return try await task.value }
        let library = self.library
        let installer = PackInstaller(
            paths: library.paths, database: library.database, transport: transport, policy: policy,
            hub: hub, refreshIndex: { try await library.refreshIndexedItems($0) })
        let task = Task { try await body(installer, pack) }
        running[pack.id] = task
        defer { running[pack.id] = nil }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
