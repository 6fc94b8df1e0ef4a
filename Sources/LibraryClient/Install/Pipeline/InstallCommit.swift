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
                path: staging.paths.audioAssets.path,
                reason: "cannot prepare AudioAssets (\(error.localizedDescription))")
        }
        let hadOld = fm.fileExists(atPath: target.path)
        do {
            if hadOld { try fm.moveItem(at: target, to: old) }
            try fm.moveItem(at: staging.files, to: target)
        } catch {
            if hadOld && !fm.fileExists(atPath: target.path) { try? fm.moveItem(at: old, to: target) }
            throw PackInstallError.fileSystem(
                path: target.path, reason: "cannot move the verified files into place (\(error.localizedDescription))")
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
            if let owner = try String.fetchOne(
                db, sql: "SELECT pack_id FROM local_asset WHERE id = ? AND pack_id <> ?", arguments: [id, packId])
            {
                throw PackInstallError.invalidManifest(
                    url: manifestURL.absoluteString, reason: "asset \(id) already belongs to pack \(owner)")
            }
        }
        let placeholders = ids.map { _ in "?" }.joined(separator: ",")
        let keep = StatementArguments([packId] + ids)
        try db.execute(
            sql: "DELETE FROM item_local_audio WHERE asset_id IN (SELECT id FROM local_asset WHERE pack_id = ?"
                + (ids.isEmpty ? ")" : " AND id NOT IN (\(placeholders)))"), arguments: keep)
        try db.execute(
            sql: "DELETE FROM local_asset WHERE pack_id = ?" + (ids.isEmpty ? "" : " AND id NOT IN (\(placeholders))"),
            arguments: keep)
        let upsertAsset = try db.cachedStatement(
            sql: """
                INSERT INTO local_asset(id, pack_id, remote_url, local_path, etag, sha256, bytes_total, created_at)
                VALUES (?, ?, ?, ?, NULL, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET remote_url = excluded.remote_url, local_path = excluded.local_path,
                  sha256 = excluded.sha256, bytes_total = excluded.bytes_total
                """)
        let upsertAudio = try db.cachedStatement(
            sql: """
                INSERT INTO item_local_audio(item_id, asset_id, codec, sample_rate, channels, loopable) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(item_id) DO UPDATE SET asset_id = excluded.asset_id, codec = excluded.codec,
                  sample_rate = excluded.sample_rate, channels = excluded.channels, loopable = excluded.loopable
                """)
        for asset in manifest.assets {
            let remote = URL(string: asset.url, relativeTo: manifestURL)?.absoluteString ?? asset.url
            let local = "AudioAssets/\(packId)/\(asset.fileName)"
            try upsertAsset.execute(arguments: [
                asset.assetId, packId, remote, local, asset.sha256.lowercased(), asset.bytes, now,
            ])
            // item_local_audio keeps take 0; every take goes to item_take.
            guard asset.takeNumber == 0 else { continue }
            try upsertAudio.execute(arguments: [
                asset.itemId.lowercased(), asset.assetId, asset.codec, asset.sampleRate,
                asset.channels, asset.loopable,
            ])
        }
        try TakeRows(packId: packId, manifest: manifest).write(db)
        let changed = try ManifestTagWriter(kind: kind).apply(manifest, db)
        try db.execute(
            sql: """
                INSERT INTO pack_state(pack_id, state, bytes_total, bytes_downloaded, installed_version, last_error, updated_at)
                VALUES (?, 'downloaded', ?, ?, ?, NULL, ?)
                ON CONFLICT(pack_id) DO UPDATE SET state = 'downloaded', bytes_total = excluded.bytes_total,
                  bytes_downloaded = excluded.bytes_downloaded, installed_version = excluded.installed_version,
                  last_error = NULL, updated_at = excluded.updated_at
                """, arguments: [packId, manifest.totalBytes, manifest.totalBytes, manifest.version, now])
        return changed
    }
}
