import GRDB

/// A row of `play_source_total`: the running count of plays from one source, kept by a trigger
/// on `play_event` (never written by code).
///
/// ```swift
/// let totals = try PlaySourceTotalRecord.fetchAll(db)   // [(source: "app", plays: 12), …]
/// ```
package struct PlaySourceTotalRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "play_source_total"

    package var source: String
    package var plays: Int

    package enum Columns {
        package static let source = Column(CodingKeys.source)
        package static let plays = Column(CodingKeys.plays)
    }
}
