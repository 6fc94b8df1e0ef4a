import CatalogFormat
import Foundation
import GRDB

/// A row of `item_attribution`: one item's resolved license, credits (JSON) and source. Only the
/// seed import writes it (``AttributionWriter``).
///
/// ```swift
/// let row = try ItemAttributionRecord.fetchOne(db, key: itemID)
/// row?.attribution.credits?.first?.name
/// ```
package struct ItemAttributionRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "item_attribution"

    package var itemID: String
    package var license: String?
    /// The credits as the JSON array `[{"name","role","url"}]`; nil when none.
    package var credits: String?
    package var source: String?

    // Hand-written, not SnakeCaseColumns: the import saves a row per item and AttributionWriter
    // reads them all, where a column strategy's cost per row would show (see SnakeCaseColumns).
    package enum CodingKeys: String, CodingKey {
        case itemID = "item_id"
        case license, credits, source
    }

    package enum Columns {
        package static let itemID = Column(CodingKeys.itemID)
        package static let license = Column(CodingKeys.license)
        package static let credits = Column(CodingKeys.credits)
        package static let source = Column(CodingKeys.source)
    }

    /// A row from its columns.
    package init(itemID: String, license: String?, credits: String?, source: String?) {
        self.itemID = itemID
        self.license = license
        self.credits = credits
        self.source = source
    }

    /// The row for `attribution` of item `itemID`; nil when it states nothing.
    package init?(itemID: String, _ attribution: Attribution) {
        let credits = attribution.publishedCredits
        guard attribution.license != nil || credits != nil || attribution.source != nil else { return nil }
        self.itemID = itemID
        license = attribution.license
        self.credits = credits.map(CreditsJSON.text)
        source = attribution.source
    }

    /// The stored values; credits that cannot be read (never written so) count as none.
    package var attribution: Attribution {
        let list = credits.flatMap { try? JSONDecoder().decode([Credit].self, from: Data($0.utf8)) }
        return Attribution(license: license, credits: list, source: source)
    }

    /// The item the row describes.
    static let item = belongsTo(LibraryItemRecord.self)

}
