import GRDB

/// A row of `play_event`: one stored play, with the target's title and duration at the time
/// (history keeps them after the target leaves the catalog).
package struct PlayEventRecord: Codable, Sendable, Hashable, FetchableRecord, MutablePersistableRecord, SnakeCaseColumns
{
    package static let databaseTableName = "play_event"
    package static let capitalizedWords = ["ID"]

    package var id: Int64?
    package var playID: String
    package var target: String
    package var targetKind: String
    /// ISO-8601 UTC, whole seconds (`2026-11-22T10:00:00Z`): sorts as text.
    package var playedAt: String
    package var source: String
    package var secondsPlayed: Double?
    package var targetDuration: Double?
    package var title: String

    package enum Columns {
        package static let id = Column("id")
        package static let playID = Column("play_id")
        package static let target = Column("target")
        package static let targetKind = Column("target_kind")
        package static let playedAt = Column("played_at")
        package static let source = Column("source")
        package static let secondsPlayed = Column("seconds_played")
        package static let targetDuration = Column("target_duration")
        package static let title = Column("title")
    }

    package mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A row of `play_import_baseline`: the last play count imported for a target and when it was captured.
package struct PlayImportBaselineRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord,
    SnakeCaseColumns
{
    package static let databaseTableName = "play_import_baseline"

    package var target: String
    package var playCount: Int
    package var capturedAt: String

    package enum Columns {
        package static let target = Column("target")
        package static let playCount = Column("play_count")
        package static let capturedAt = Column("captured_at")
    }
}

/// The single row of `listening_state`: the data root's install date and the clock time of the
/// last play-count import run.
package struct ListeningStateRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "listening_state"

    package var id: Int64 = 1
    package var installedAt: String
    package var lastImportRunAt: String?

    package enum Columns {
        package static let installedAt = Column("installed_at")
        package static let lastImportRunAt = Column("last_import_run_at")
    }

    package static func current(_ db: Database) throws -> ListeningStateRecord {
        guard let row = try fetchOne(db, key: 1) else {
            throw ListeningError.unknownStoredValue(column: "listening_state", value: "missing row")
        }
        return row
    }
}
