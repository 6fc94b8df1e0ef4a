import CatalogFormat
import GRDB

/// A row of one of the six open-ended dimension tables (`location`, `mood`, `music_theme`,
/// `atmosphere_theme`, `sfx_theme`, `creature_type`). The tables share one shape, so each
/// record type is a one-line conformance; the *values* are data and never appear in code.
///
/// ```swift
/// let moods = try MoodRecord.order(MoodRecord.Columns.sortOrder).fetchAll(db)
/// moods.map(\.tagValue)   // [TagValue(id: 1, name: "Action"), …]
/// ```
package protocol DimensionValueRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    static var dimension: TagDimension { get }
    var id: Int64? { get }
    var name: String { get }
    var sortOrder: Int? { get }
    var isSystem: Bool { get }
    var createdAt: String? { get }
}

/// Column names shared by every dimension table.
package enum DimensionColumns {
    package static let id = Column("id")
    package static let name = Column("name")
    package static let sortOrder = Column("sort_order")
    package static let isSystem = Column("is_system")
    package static let createdAt = Column("created_at")
}

/// Coding keys shared by every dimension table.
package enum DimensionCodingKeys: String, CodingKey {
    case id, name
    case sortOrder = "sort_order"
    case isSystem = "is_system"
    case createdAt = "created_at"
}

extension DimensionValueRecord {
    package static var databaseTableName: String { dimension.table }
    /// The value as the repositories hand it out.
    package var tagValue: TagValue { TagValue(id: id ?? 0, name: name) }
}

/// `location` rows.
package struct LocationRecord: DimensionValueRecord {
    package static let dimension = TagDimension.location
    package typealias Columns = DimensionColumns
    package typealias CodingKeys = DimensionCodingKeys
    package var id: Int64?
    package var name: String
    package var sortOrder: Int?
    package var isSystem: Bool
    package var createdAt: String?
}

/// `mood` rows.
package struct MoodRecord: DimensionValueRecord {
    package static let dimension = TagDimension.mood
    package typealias Columns = DimensionColumns
    package typealias CodingKeys = DimensionCodingKeys
    package var id: Int64?
    package var name: String
    package var sortOrder: Int?
    package var isSystem: Bool
    package var createdAt: String?
}

/// `music_theme` rows.
package struct MusicThemeRecord: DimensionValueRecord {
    package static let dimension = TagDimension.musicTheme
    package typealias Columns = DimensionColumns
    package typealias CodingKeys = DimensionCodingKeys
    package var id: Int64?
    package var name: String
    package var sortOrder: Int?
    package var isSystem: Bool
    package var createdAt: String?
}

/// `atmosphere_theme` rows.
package struct AtmosphereThemeRecord: DimensionValueRecord {
    package static let dimension = TagDimension.atmosphereTheme
    package typealias Columns = DimensionColumns
    package typealias CodingKeys = DimensionCodingKeys
    package var id: Int64?
    package var name: String
    package var sortOrder: Int?
    package var isSystem: Bool
    package var createdAt: String?
}

/// `sfx_theme` rows.
package struct SfxThemeRecord: DimensionValueRecord {
    package static let dimension = TagDimension.sfxTheme
    package typealias Columns = DimensionColumns
    package typealias CodingKeys = DimensionCodingKeys
    package var id: Int64?
    package var name: String
    package var sortOrder: Int?
    package var isSystem: Bool
    package var createdAt: String?
}

/// `creature_type` rows.
package struct CreatureTypeRecord: DimensionValueRecord {
    package static let dimension = TagDimension.creatureType
    package typealias Columns = DimensionColumns
    package typealias CodingKeys = DimensionCodingKeys
    package var id: Int64?
    package var name: String
    package var sortOrder: Int?
    package var isSystem: Bool
    package var createdAt: String?
}
