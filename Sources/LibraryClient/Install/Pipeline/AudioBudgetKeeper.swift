import Foundation
import GRDB

/// Keeps the installed audio within the library's audio budget (``Library/setAudioBudget(_:)``):
/// before an install, offloads installed packs until the pack fits — packs with no favorite and
/// no scene member first, the least recently played first (never played before any) — and
/// refuses, offloading nothing, when even every other pack would not make room. A pack in use
/// (another install, repair or offload holds its lock) is passed over.
struct AudioBudgetKeeper: Sendable {
    let paths: LibraryPaths
    let database: AppDatabase
    let policy: DownloadPolicy

    /// Makes room for `incoming` bytes of audio of `packId`; returns the packs offloaded.
    func makeRoom(for packId: String, incoming: Int64) async throws -> [OffloadedPack] {
        let (budget, installed, candidates) = try await database.read { db in
            (try StoragePolicyRecord.fetchOne(db)?.audioBudget, try Self.installedBytes(db), try Self.candidates(db))
        }
        guard let budget else { return [] }
        let own = candidates.first { $0.packId == packId }?.bytes ?? 0
        var excess = installed - own + incoming - budget
        guard excess > 0 else { return [] }
        let others = candidates.filter { $0.packId != packId }
        let offloadable = others.reduce(Int64(0)) { $0 + $1.bytes }
        guard offloadable >= excess else {
            throw PackInstallError.overBudget(
                packId: packId, incoming: incoming, budget: budget, kept: installed - own - offloadable)
        }
        var offloaded: [OffloadedPack] = []
        for candidate in others where excess > 0 {
            let id = candidate.packId
            guard let pack = try await database.read({ db in try PackWithState.fetchOne(db, id: id) }) else { continue }
            do {
                _ = try await PackUninstaller(paths: paths, database: database, policy: policy, lockWait: 0)
                    .run(pack, leaving: .offloaded)
            } catch PackInstallError.busy {
                continue
            }
            offloaded.append(candidate)
            excess -= candidate.bytes
        }
        guard excess <= 0 else {
            throw PackInstallError.overBudget(
                packId: packId, incoming: incoming, budget: budget, kept: excess + budget - incoming)
        }
        return offloaded
    }

    /// The installed audio's bytes, as the installs recorded them.
    static func installedBytes(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(
            db,
            sql: """
                SELECT COALESCE(SUM(la.bytes_total), 0) FROM local_asset la
                JOIN pack_state ps ON ps.pack_id = la.pack_id
                WHERE ps.state = 'downloaded' AND la.local_path IS NOT NULL
                """) ?? 0
    }

    /// Installed packs in the order they are offloaded (the ORDER BY puts kept packs last).
    static func candidates(_ db: Database) throws -> [OffloadedPack] {
        // Raw SQL: one pass over the installed packs with their bytes, latest play and whether the
        // user keeps one of their items (a favorite, a scene member).
        try Row.fetchAll(
            db,
            sql: """
                SELECT p.id, p.slug, p.title,
                  (SELECT COALESCE(SUM(la.bytes_total), 0) FROM local_asset la
                   WHERE la.pack_id = p.id AND la.local_path IS NOT NULL) AS bytes,
                  (SELECT MAX(t.last_played_at) FROM pack_item pi JOIN play_target_total t ON t.target = pi.item_id
                   WHERE pi.pack_id = p.id) AS last_played,
                  EXISTS (SELECT 1 FROM pack_item pi WHERE pi.pack_id = p.id
                    AND (pi.item_id IN (SELECT item_id FROM favorite) OR pi.item_id IN (SELECT item_id FROM scene_item)))
                    AS kept
                FROM pack p JOIN pack_state ps ON ps.pack_id = p.id
                WHERE ps.state = 'downloaded'
                ORDER BY kept, last_played IS NOT NULL, last_played, p.title COLLATE NOCASE, p.id
                """
        ).map { row in
            OffloadedPack(
                packId: row["id"], slug: row["slug"], title: row["title"], bytes: row["bytes"],
                lastPlayedAt: row["last_played"])
        }
    }
}
