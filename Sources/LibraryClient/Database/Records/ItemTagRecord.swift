import CatalogModel
import GRDB

/// A row of one of the six join tables (`item_location`, `item_mood`, …): one tag on one item.
///
/// ```swift
/// let tags = try ItemMoodRecord.filter(Column("item_id") == itemId).fetchAll(db)
/// tags.map(\.valueId)
/// ```
public protocol ItemTagRecord: Sendable, Hashable, FetchableRecord, PersistableRecord {
    static var dimension: TagDimension { get }
    var itemId: String { get }
    var valueId: Int64 { get }
    init(itemId: String, valueId: Int64)
}

extension ItemTagRecord {
    public static var databaseTableName: String { dimension.joinTable }

    public init(row: Row) throws {
        self.init(itemId: row["item_id"], valueId: row[Self.dimension.joinColumn])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["item_id"] = itemId
        container[Self.dimension.joinColumn] = valueId
    }
}

/// `item_location` rows.
public struct ItemLocationRecord: ItemTagRecord {
    public static let dimension = TagDimension.location
    public var itemId: String; public var valueId: Int64
    public init(itemId: String, valueId: Int64) { self.itemId = itemId; self.valueId = valueId }
}

/// `item_mood` rows.
public struct ItemMoodRecord: ItemTagRecord {
    public static let dimension = TagDimension.mood
    public var itemId: String; public var valueId: Int64
    public init(itemId: String, valueId: Int64) { self.itemId = itemId; self.valueId = valueId }
}

/// `item_music_theme` rows.
public struct ItemMusicThemeRecord: ItemTagRecord {
    public static let dimension = TagDimension.musicTheme
    public var itemId: String; public var valueId: Int64
    public init(itemId: String, valueId: Int64) { self.itemId = itemId; self.valueId = valueId }
}

/// `item_atmosphere_theme` rows.
public struct ItemAtmosphereThemeRecord: ItemTagRecord {
    public static let dimension = TagDimension.atmosphereTheme
    public var itemId: String; public var valueId: Int64
    public init(itemId: String, valueId: Int64) { self.itemId = itemId; self.valueId = valueId }
}

/// `item_sfx_theme` rows.
public struct ItemSfxThemeRecord: ItemTagRecord {
    public static let dimension = TagDimension.sfxTheme
    public var itemId: String; public var valueId: Int64
    public init(itemId: String, valueId: Int64) { self.itemId = itemId; self.valueId = valueId }
}

/// `item_creature_type` rows.
public struct ItemCreatureTypeRecord: ItemTagRecord {
    public static let dimension = TagDimension.creatureType
    public var itemId: String; public var valueId: Int64
    public init(itemId: String, valueId: Int64) { self.itemId = itemId; self.valueId = valueId }
}
