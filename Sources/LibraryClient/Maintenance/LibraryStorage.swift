import Foundation
import GRDB

/// What a library takes on the device: its database, its facet index and list orders, what
/// installs left staged, and each installed pack's audio with the last time one of its items was
/// played (the order an app offloads packs in when space runs short).
///
/// ```swift
/// let storage = try await library.storage()
/// storage.total                                  // bytes
/// storage.packs.first?.lastPlayedAt              // "2026-11-20T19:04:11Z", or nil: never played
/// ```
public struct LibraryStorage: Sendable, Hashable, Codable {
    /// One pack's installed audio.
    public struct Pack: Sendable, Hashable, Codable {
        /// The pack's id.
        public var packId: String
        /// The pack's slug (`dungeon-delve`).
        public var slug: String?
        /// The pack's title.
        public var title: String
        /// Files under `AudioAssets/<packId>/`.
        public var files: Int
        /// Their bytes.
        public var bytes: Int64
        /// When an item of the pack was last played; nil when none ever was.
        public var lastPlayedAt: String?

        /// Every field, nulls included (`client storage --json` keeps one shape).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(packId, forKey: .packId)
            try container.encode(slug, forKey: .slug)
            try container.encode(title, forKey: .title)
            try container.encode(files, forKey: .files)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(lastPlayedAt, forKey: .lastPlayedAt)
        }
    }

    /// `library.sqlite` with its write-ahead log.
    public var database: Int64
    /// `facet-index.bin` and the list orders (`facet-orders/`): rebuilt from the database when lost.
    public var index: Int64
    /// Partial downloads and staged installs under `.staging/`.
    public var staging: Int64
    /// Installed packs, the least recently played first (never played before any).
    public var packs: [Pack]
    /// Everything above.
    public var total: Int64
    /// Free space on the data root's disk (nil when it cannot be asked).
    public var free: Int64?
    /// The bytes installed audio may take (``Library/setAudioBudget(_:)``); nil: no budget.
    public var audioBudget: Int64? = nil

    /// Every field, nulls included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(database, forKey: .database)
        try container.encode(index, forKey: .index)
        try container.encode(staging, forKey: .staging)
        try container.encode(packs, forKey: .packs)
        try container.encode(total, forKey: .total)
        try container.encode(free, forKey: .free)
        try container.encode(audioBudget, forKey: .audioBudget)
    }
}

extension Library {
    /// What the library takes on the device (see ``LibraryStorage``).
    public func storage() async throws -> LibraryStorage {
        let root = paths.root
        let installed = try await database.read { db in
            // Raw SQL: one pass over the installed packs with the latest play of any of their items.
            try Row.fetchAll(
                db,
                sql: """
                    SELECT p.id, p.slug, p.title,
                      (SELECT MAX(t.last_played_at) FROM pack_item pi JOIN play_target_total t ON t.target = pi.item_id
                       WHERE pi.pack_id = p.id) AS last_played
                    FROM pack p JOIN pack_state ps ON ps.pack_id = p.id
                    WHERE ps.state = 'downloaded' ORDER BY p.title COLLATE NOCASE, p.id
                    """
            ).map { row -> (String, String?, String, String?) in (row[0], row[1], row[2], row[3]) }
        }
        var packs = installed.map { id, slug, title, lastPlayed in
            let (files, bytes) = Self.usage(paths.audioAssets.appendingPathComponent(id))
            return LibraryStorage.Pack(
                packId: id, slug: slug, title: title, files: files, bytes: bytes, lastPlayedAt: lastPlayed)
        }
        packs.sort { ($0.lastPlayedAt ?? "", $0.title) < ($1.lastPlayedAt ?? "", $1.title) }
        let databaseBytes = ["", "-wal", "-shm"].reduce(Int64(0)) { sum, suffix in
            sum + Self.usage(URL(fileURLWithPath: paths.database.path + suffix)).bytes
        }
        let index =
            Self.usage(paths.facetIndex).bytes + Self.usage(root.appendingPathComponent("facet-orders")).bytes
        let staging = Self.usage(root.appendingPathComponent(".staging")).bytes
        return LibraryStorage(
            database: databaseBytes, index: index, staging: staging, packs: packs,
            total: databaseBytes + index + staging + packs.reduce(0) { $0 + $1.bytes },
            free: DiskSpace.free(at: root.path), audioBudget: try await audioBudget())
    }

    /// Files and bytes of a file, or of every file under a folder.
    static func usage(_ url: URL) -> (files: Int, bytes: Int64) {
        let fm = FileManager.default
        var isFolder: ObjCBool = false
        guard fm.fileExists(atPath: url.path, isDirectory: &isFolder) else { return (0, 0) }
        guard isFolder.boolValue else { return (1, DiskSpace.fileSize(url.path)) }
        var files = 0
        var bytes: Int64 = 0
        guard let walker = fm.enumerator(atPath: url.path) else { return (0, 0) }
        for case let relative as String in walker {
            let path = url.appendingPathComponent(relative).path
            var folder: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &folder), !folder.boolValue else { continue }
            files += 1
            bytes += DiskSpace.fileSize(path)
        }
        return (files, bytes)
    }
}
