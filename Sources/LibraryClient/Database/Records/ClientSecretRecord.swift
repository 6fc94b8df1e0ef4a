import Foundation
import GRDB

/// The single row of `client_secret`: this data root's key for signing page cursors (random,
/// made by the migration).
///
/// ```swift
/// let key = try ClientSecretRecord.fetchOne(db, key: 1)?.cursorKey
/// ```
package struct ClientSecretRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "client_secret"

    package var id: Int64
    package var cursorKey: Data

    package enum Columns {
        package static let id = Column("id")
        package static let cursorKey = Column("cursor_key")
    }
}
