import CatalogModel
import GRDB

/// A row of one of the six open-ended dimension tables (`location`, `mood`, `music_theme`,
/// `atmosphere_theme`, `sfx_theme`, `creature_type`). The tables share one shape, so each
/// record type is a one-line conformance; the *values* are data and never appear in code.
///
/// ```swift
/// let moods = try MoodRecord.order(MoodRecord.Columns.sortOrder).fetchAll(db)
/// moods.map(\.tagValue)   // [TagValue(id: 1, name: "Action"), …]
/// ```
public protocol DimensionValueRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    static var dimension: TagDimension { get }
    var id: Int64? { get }
    var name: String { get }
    var sortOrder: Int? { get }
    var isSystem: Bool { get }
    var createdAt: String? { get }
}

/// Column names shared by every dimension table.
public enum DimensionColumns {
    public static let id = Column("id")
    public static let name = Column("name")
    public static let sortOrder = Column("sort_order")
    public static let isSystem = Column("is_system")
    public static let createdAt = Column("created_at")
}

/// Coding keys shared by every dimension table.
public enum DimensionCodingKeys: String, CodingKey {
    case id, name, sortOrder = "sort_order", isSystem = "is_system", createdAt = "created_at"
}

extension DimensionValueRecord {
    public static var databaseTableName: String { dimension.table }
    /// The value as the repositories hand it out.
    public var tagValue: TagValue { TagValue(id: id ?? 0, name: name) }
}

/// `location` rows.
public struct LocationRecord: DimensionValueRecord {
    public static let dimension = TagDimension.location
    public typealias Columns = DimensionColumns
    public typealias CodingKeys = DimensionCodingKeys
    public var id: Int64?; public var name: String; public var sortOrder: Int?; public var isSystem: Bool; public var createdAt: String?
}

/// `mood` rows.
public struct MoodRecord: DimensionValueRecord {
    public static let dimension = TagDimension.mood
    public typealias Columns = DimensionColumns
    public typealias CodingKeys = DimensionCodingKeys
    public var id: Int64?; public var name: String; public var sortOrder: Int?; public var isSystem: Bool; public var createdAt: String?
}

/// `music_theme` rows.
public struct MusicThemeRecord: DimensionValueRecord {
    public static let dimension = TagDimension.musicTheme
    public typealias Columns = DimensionColumns
    public typealias CodingKeys = DimensionCodingKeys
    public var id: Int64?; public var name: String; public var sortOrder: Int?; public var isSystem: Bool; public var createdAt: String?
}

/// `atmosphere_theme` rows.
public struct AtmosphereThemeRecord: DimensionValueRecord {
    public static let dimension = TagDimension.atmosphereTheme
    public typealias Columns = DimensionColumns
    public typealias CodingKeys = DimensionCodingKeys
    public var id: Int64?; public var name: String; public var sortOrder: Int?; public var isSystem: Bool; public var createdAt: String?
}

/// `sfx_theme` rows.
public struct SfxThemeRecord: DimensionValueRecord {
    public static let dimension = TagDimension.sfxTheme
    public typealias Columns = DimensionColumns
    public typealias CodingKeys = DimensionCodingKeys
    public var id: Int64?; public var name: String; public var sortOrder: Int?; public var isSystem: Bool; public var createdAt: String?
}

/// `creature_type` rows.
public struct CreatureTypeRecord: DimensionValueRecord {
    public static let dimension = TagDimension.creatureType
    public typealias Columns = DimensionColumns
    public typealias CodingKeys = DimensionCodingKeys
    public var id: Int64?; public var name: String; public var sortOrder: Int?; public var isSystem: Bool; public var createdAt: String?
}
