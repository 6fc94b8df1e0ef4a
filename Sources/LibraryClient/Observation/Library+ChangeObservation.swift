import CatalogFormat
import Foundation
import GRDB

/// What the last sync committed: the catalog version, when it ran, and a generation that every
/// change of tags or visibility (a sync, an install applying manifest tags) raises.
///
/// ```swift
/// for try await status in library.observeCatalogStatus() { print("catalog", status.catalogVersion ?? 0) }
/// ```
public struct CatalogStatus: Sendable, Hashable {
    /// The `catalogVersion` last imported; nil before the first sync.
    public var catalogVersion: Int?
    /// When the last successful sync ran (ISO-8601); nil before the first sync.
    public var lastSyncAt: String?
    /// Raised by every write that changes tags or visibility.
    public var generation: Int64

    /// A status from its fields.
    public init(catalogVersion: Int?, lastSyncAt: String?, generation: Int64) {
        self.catalogVersion = catalogVersion
        self.lastSyncAt = lastSyncAt
        self.generation = generation
    }
}

extension Library {
    /// One element after each commit by another process or connection to this library's database
    /// (a `client sync` or `client install` in a terminal, an app extension), noticed within about a
    /// second through SQLite's `PRAGMA data_version`, polled on the writer connection only while a
    /// loop listens. Every `observe…` sequence already re-reads after such commits; use this to
    /// refresh anything else.
    ///
    /// ```swift
    /// for await _ in library.externalCommits() { await model.reload() }
    /// ```
    public func externalCommits() -> AsyncStream<Void> { database.externalCommits.changes() }

    /// The catalog status, again after each sync that commits (in this process or another).
    ///
    /// ```swift
    /// for try await status in library.observeCatalogStatus() { print(status.lastSyncAt ?? "never") }
    /// ```
    public func observeCatalogStatus() -> LibraryObservation<CatalogStatus> {
        .tracking(database, tables: ["catalog_state"]) { db in
            let state = try CatalogStateRecord.current(db)
            return CatalogStatus(
                catalogVersion: state.catalogVersion, lastSyncAt: state.lastSyncAt, generation: state.dataGeneration)
        }
    }
}

extension HistoryRepository {
    /// The newest `limit` plays, again after each play is stored (here or by another process).
    ///
    /// ```swift
    /// for try await page in library.history.observeHistory(limit: 10) { print(page.plays.first?.title ?? "-") }
    /// ```
    public func observeHistory(limit: Int) -> LibraryObservation<HistoryPage> {
        let repository = self
        return .derived(
            context.database, tables: ["play_event"],
            trigger: { db -> [Int64?] in
                let (plays, last) = (count(Column.rowID).forKey("plays"), max(Column.rowID).forKey("last"))
                let row = try PlayEventRecord.select(plays, last).asRequest(of: Row.self).fetchOne(db)
                return [row?["plays"], row?["last"]]
            }
        ) { _ in
            try await repository.fetchHistory(limit: limit)
        }
    }
}
