import CatalogFormat
import Foundation
import GRDB

/// A row of `item_playback`: the seed's take count and authored playback rule (JSON) of an item
/// that has more than one take or a rule.
///
/// ```swift
/// let row = try ItemPlaybackRecord.fetchOne(db, key: itemId)
/// row?.takes   // 3
/// ```
package struct ItemPlaybackRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "item_playback"

    package var itemId: String
    package var takes: Int
    /// The `playback` object as the seed wrote it.
    package var playback: String?

    // Hand-written, not SnakeCaseColumns: the import saves a row per item with takes and
    // ItemPlaybackWriter reads them all, where a column strategy's cost per row would show
    // (see SnakeCaseColumns).
    package enum CodingKeys: String, CodingKey {
        case itemId = "item_id"
        case takes, playback
    }

    package enum Columns {
        package static let itemId = Column(CodingKeys.itemId)
        package static let takes = Column(CodingKeys.takes)
        package static let playback = Column(CodingKeys.playback)
    }

    /// A row from its columns.
    package init(itemId: String, takes: Int, playback: String?) {
        self.itemId = itemId
        self.takes = takes
        self.playback = playback
    }

    /// The row a seed item stands for; nil for one take without a rule.
    package init?(_ item: Seed.Item) {
        guard item.takeCount > 1 || item.playback != nil else { return nil }
        itemId = item.id
        takes = item.takeCount
        playback = item.playback.flatMap { try? JSONEncoder.sortedKeys.encode($0) }.map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The stored rule, decoded; nil when absent or unreadable.
    package static func decode(_ text: String?) -> Playback? {
        text.flatMap { try? JSONDecoder().decode(Playback.self, from: Data($0.utf8)) }
    }
}

extension JSONEncoder {
    /// An encoder with sorted keys, so equal rules are equal text.
    static var sortedKeys: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
