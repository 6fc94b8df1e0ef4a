import GRDB

/// A row of `play_event`: one stored play, with the target's title and duration at the time
/// (history keeps them after the target leaves the catalog).
package struct PlayEventRecord: Codable, Sendable, Hashable, FetchableRecord, MutablePersistableRecord {
    package static let databaseTableName = "play_event"

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

    package enum CodingKeys: String, CodingKey {
        case id
        case playID = "play_id"
        case target
        case targetKind = "target_kind"
        case playedAt = "played_at"
        case source
        case secondsPlayed = "seconds_played"
        case targetDuration = "target_duration"
        case title
    }

    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let playID = Column(CodingKeys.playID)
        package static let target = Column(CodingKeys.target)
        package static let targetKind = Column(CodingKeys.targetKind)
        package static let playedAt = Column(CodingKeys.playedAt)
        package static let source = Column(CodingKeys.source)
        package static let secondsPlayed = Column(CodingKeys.secondsPlayed)
        package static let targetDuration = Column(CodingKeys.targetDuration)
        package static let title = Column(CodingKeys.title)
    }

    package mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A row of `play_import_baseline`: the last play count imported for a target and when it was captured.
package struct PlayImportBaselineRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "play_import_baseline"

    package var target: String
    package var playCount: Int
    package var capturedAt: String

    package enum CodingKeys: String, CodingKey {
        case target
        case playCount = "play_count"
        case capturedAt = "captured_at"
    }

    package enum Columns {
        package static let target = Column(CodingKeys.target)
        package static let playCount = Column(CodingKeys.playCount)
        package static let capturedAt = Column(CodingKeys.capturedAt)
    }
}

/// The single row of `listening_state`: the data root's install date and the clock time of the
/// last play-count import run.
package struct ListeningStateRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "listening_state"

    package var id: Int64 = 1
    package var installedAt: String
    package var lastImportRunAt: String?

    package enum CodingKeys: String, CodingKey {
        case id
        case installedAt = "installed_at"
        case lastImportRunAt = "last_import_run_at"
    }

    package enum Columns {
        package static let installedAt = Column(CodingKeys.installedAt)
        package static let lastImportRunAt = Column(CodingKeys.lastImportRunAt)
    }

    package static func current(_ db: Database) throws -> ListeningStateRecord {
        guard let row = try fetchOne(db, key: 1) else {
            throw ListeningError.unknownStoredValue(column: "listening_state", value: "missing row")
        }
        return row
    }
}
