import GRDB

/// The one row of `storage_policy`: what an app allows the library to keep on the device.
///
/// ```swift
/// try StoragePolicyRecord(audioBudget: 2_000_000_000).save(db)
/// ```
package struct StoragePolicyRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "storage_policy"

    package var id: Int = 1
    /// Bytes the installed packs' audio may take; nil: no budget.
    package var audioBudget: Int64?

    package init(audioBudget: Int64?) {
        self.audioBudget = audioBudget
    }

    package enum Columns {
        package static let audioBudget = Column("audio_budget")
    }
}
