import CatalogFormat
import Foundation
import GRDB

/// The last step of an install: swap the verified staging folder in as `AudioAssets/<packId>/`
/// (renames only), then ONE transaction writing `local_asset`, `item_local_audio`, the manifest's
/// tags and `pack_state = downloaded`. If the transaction fails the folders are swapped back.
struct InstallCommit: Sendable {
    let database: AppDatabase
    let staging: StagingArea
    let kind: Kind

    /// Returns the ids of items whose tags changed (for the facet index).
    func commit(_ loaded: LoadedManifest) async throws -> [String] {
        let fm = FileManager.default
        let target = staging.installed
        let old = staging.old
        let journal = CommitRecovery(staging: staging, database: database)
        try journal.begin(version: loaded.manifest.version)
        defer { journal.end() }
        do {
            try fm.createDirectory(at: staging.paths.audioAssets, withIntermediateDirectories: true)
            if fm.fileExists(atPath: old.path) { try fm.removeItem(at: old) }
        } catch {
            throw PackInstallError.fileSystem(
                path: staging.paths.audioAssets.path, step: "cannot prepare AudioAssets", error)
        }
        let hadOld = fm.fileExists(atPath: target.path)
        do {
            if hadOld { try fm.moveItem(at: target, to: old) }
            try fm.moveItem(at: staging.files, to: target)
        } catch {
            if hadOld && !fm.fileExists(atPath: target.path) { try? fm.moveItem(at: old, to: target) }
            throw PackInstallError.fileSystem(
                path: target.path, step: "cannot move the verified files into place", error)
        }
        let rows = InstallRows(packId: staging.packId, kind: kind, manifest: loaded.manifest, manifestURL: loaded.url)
        do {
            let changed = try await database.write { db in try rows.write(db) }
            try? fm.removeItem(at: old)
            return changed
        } catch {
            try? fm.moveItem(at: target, to: staging.files)
            if hadOld { try? fm.moveItem(at: old, to: target) }
            throw error
        }
    }
}

/// The rows one installed manifest stands for.
struct InstallRows: Sendable {
    let packId: String
    let kind: Kind
    let manifest: Manifest
    let manifestURL: URL

    func write(_ db: Database) throws -> [String] {
        let now = Timestamp.now()
        let ids = manifest.assets.map(\.assetId)
        for id in ids {
            if let owner = try LocalAssetRecord.fetchOne(db, key: id)?.packId, owner != packId {
                throw PackInstallError.invalidManifest(
                    url: manifestURL.absoluteString, reason: "asset \(id) already belongs to pack \(owner)")
            }
        }
        let stale = LocalAssetRecord.all().forPack(packId).excluding(ids: ids)
        _ = try ItemLocalAudioRecord.all().playing(stale).deleteAll(db)
        _ = try stale.deleteAll(db)
        for asset in manifest.assets {
            let remote = URL(string: asset.url, relativeTo: manifestURL)?.absoluteString ?? asset.url
            let row = LocalAssetRecord(
                id: asset.assetId, packId: packId, remoteURL: remote,
                localPath: "AudioAssets/\(packId)/\(asset.fileName)",
                etag: nil, sha256: asset.sha256.lowercased(), bytesTotal: asset.bytes, createdAt: now)
            // A reinstalled asset keeps when it first came and its etag.
            _ = try row.upsertAndFetch(db, onConflict: ["id"]) { _ in
                [LocalAssetRecord.Columns.etag.noOverwrite, LocalAssetRecord.Columns.createdAt.noOverwrite]
            }
            // item_local_audio keeps take 0; every take goes to item_take.
            guard asset.takeNumber == 0 else { continue }
            try ItemLocalAudioRecord(
                itemId: asset.itemId.lowercased(), assetId: asset.assetId, codec: asset.codec,
                sampleRate: asset.sampleRate, channels: asset.channels, loopable: asset.loopable
            ).upsert(db)
        }
        try TakeRows(packId: packId, manifest: manifest).write(db)
        let changed = try ManifestTagWriter(kind: kind).apply(manifest, db)
        try PackStateRecord(
            packId: packId, state: PackState.downloaded.rawValue, bytesTotal: manifest.totalBytes,
            bytesDownloaded: manifest.totalBytes, installedVersion: manifest.version, lastError: nil, updatedAt: now
        ).save(db)
        return changed
    }
}
