import Crypto
import Foundation
import GRDB

/// What the authoring tools learned from each source file, kept between runs in one SQLite file,
/// `build-state.sqlite` in the build caches' folder (`~/.cache/soundshelf/` by default): each
/// pack's checks (``PackCheckRecord``) and each published folder's last publish
/// (``PublishRecord``), keyed by the stat of the files they were made from and by the tool that
/// made them. It is a cache: a missing, damaged or foreign file is replaced by an empty one, and
/// anything that cannot be read or written costs a read of the source files, never a wrong answer.
///
/// ```swift
/// let state = BuildStateStore.open(in: settings.cacheFolder)   // nil: run without it
/// state?.packCheck(path: "catalog/packs/caves/pack.yaml", context: context)
/// ```
package final class BuildStateStore: Sendable {
    /// The file's name in the caches' folder.
    package static let fileName = "build-state.sqlite"
    /// `PRAGMA application_id`: "SSBS", so a file of another program is never taken for ours.
    static let applicationID: Int32 = 0x5353_4253
    /// `PRAGMA user_version`: the layout of the tables; another one is a foreign file.
    static let layoutVersion: Int32 = 8

    let queue: DatabaseQueue
    package let path: String
    /// A folder removed with the store (``temporary()``).
    private let ownFolder: String?

    private init(queue: DatabaseQueue, path: String, ownFolder: String? = nil) {
        self.queue = queue
        self.path = path
        self.ownFolder = ownFolder
    }

    deinit {
        if let ownFolder { try? FileManager.default.removeItem(atPath: ownFolder) }
    }

    /// An empty store in a new temporary folder, removed with it: where a run that keeps no
    /// state (`--no-cache`) still keeps its work on disk rather than in memory.
    package static func temporary() throws -> BuildStateStore {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("soundshelf-state-\(UUID().uuidString)")
        let store = try open(folder.appendingPathComponent(fileName).path)
        return BuildStateStore(queue: store.queue, path: store.path, ownFolder: folder.path)
    }

    /// The store in `folder`, made when missing and made anew when it cannot be read as ours;
    /// nil when no store can be had there (a read-only cache folder): the tools then read every file.
    package static func open(in folder: URL) -> BuildStateStore? {
        let file = folder.appendingPathComponent(fileName).path
        if let store = try? open(file) { return store }
        remove(file)
        return try? open(file)
    }

    private static func open(_ file: String) throws -> BuildStateStore {
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let queue = try DatabaseQueue(path: file, configuration: configuration)
        try queue.write { db in
            let application = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let layout = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
            if application == applicationID && layout == layoutVersion {
                guard try String.fetchOne(db, sql: "PRAGMA quick_check") == "ok",
                    try tableNames.allSatisfy({ try db.tableExists($0) })
                else { throw BuildStateError.damaged(path: file) }
                return
            }
            guard tables == 0 else { throw BuildStateError.foreign(path: file) }
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.execute(sql: "PRAGMA user_version = \(layoutVersion)")
            try PackCheckRecord.createTable(db)
            try PublishRecord.createTable(db)
            try CatalogRecord.createTable(db)
            try PushRecord.createTable(db)
            try PushedObject.createTable(db)
            try PublishedPackRecord.createTable(db)
        }
        return BuildStateStore(queue: queue, path: file)
    }

    /// The tables of this layout.
    static let tableNames = [
        PackCheckRecord.databaseTableName, PublishRecord.databaseTableName, CatalogRecord.databaseTableName,
        PushRecord.databaseTableName, PushedObject.databaseTableName, PublishedPackRecord.databaseTableName,
    ]

    /// The SHA-256 of `text` (what the records keep of long digest lists they only compare).
    static func digest(_ text: String) -> String { hex(SHA256.hash(data: Data(text.utf8))) }

    /// A SHA-256 digest in lowercase hex.
    static func hex(_ digest: SHA256.Digest) -> String { digest.map { String(format: "%02x", $0) }.joined() }

    /// Removes the store's file and its journals.
    static func remove(_ file: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
    }
}
