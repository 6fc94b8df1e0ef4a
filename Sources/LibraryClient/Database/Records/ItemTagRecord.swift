import CatalogFormat
import GRDB

/// A row of one of the six join tables (`item_location`, `item_mood`, …): one tag on one item.
///
/// ```swift
/// let tags = try ItemMoodRecord.filter(Column("item_id") == itemId).fetchAll(db)
/// tags.map(\.valueId)
/// ```
package protocol ItemTagRecord: Sendable, Hashable, FetchableRecord, PersistableRecord {
    static var dimension: TagDimension { get }
    var itemId: String { get }
    var valueId: Int64 { get }
    init(itemId: String, valueId: Int64)
}

extension ItemTagRecord {
    package static var databaseTableName: String { dimension.joinTable }

    package init(row: Row) throws {
        self.init(itemId: row["item_id"], valueId: row[Self.dimension.joinColumn])
    }

    package func encode(to container: inout PersistenceContainer) throws {
        container["item_id"] = itemId
        container[Self.dimension.joinColumn] = valueId
    }
}

/// `item_location` rows.
package struct ItemLocationRecord: ItemTagRecord {
    package static let dimension = TagDimension.location
    package var itemId: String
    package var valueId: Int64
    package init(itemId: String, valueId: Int64) {
        self.itemId = itemId
        self.valueId = valueId
    }
}

/// `item_mood` rows.
package struct ItemMoodRecord: ItemTagRecord {
    package static let dimension = TagDimension.mood
    package var itemId: String
    package var valueId: Int64
    package init(itemId: String, valueId: Int64) {
        self.itemId = itemId
        self.valueId = valueId
    }
}

/// `item_music_theme` rows.
package struct ItemMusicThemeRecord: ItemTagRecord {
    package static let dimension = TagDimension.musicTheme
    package var itemId: String
    package var valueId: Int64
    package init(itemId: String, valueId: Int64) {
        self.itemId = itemId
        self.valueId = valueId
    }
}

/// `item_atmosphere_theme` rows.
package struct ItemAtmosphereThemeRecord: ItemTagRecord {
    package static let dimension = TagDimension.atmosphereTheme
    package var itemId: String
    package var valueId: Int64
    package init(itemId: String, valueId: Int64) {
        self.itemId = itemId
        self.valueId = valueId
    }
}

/// `item_sfx_theme` rows.
package struct ItemSfxThemeRecord: ItemTagRecord {
    package static let dimension = TagDimension.sfxTheme
    package var itemId: String
    package var valueId: Int64
    package init(itemId: String, valueId: Int64) {
        self.itemId = itemId
        self.valueId = valueId
    }
}

/// `item_creature_type` rows.
package struct ItemCreatureTypeRecord: ItemTagRecord {
    package static let dimension = TagDimension.creatureType
    package var itemId: String
    package var valueId: Int64
    package init(itemId: String, valueId: Int64) {
        self.itemId = itemId
        self.valueId = valueId
    }
}
