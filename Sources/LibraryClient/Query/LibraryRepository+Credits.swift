import CatalogFormat
import Foundation
import GRDB
import Licenses

extension LibraryRepository {
    /// Every credited item grouped by license — what an app's "Credits" screen shows. Sections
    /// are ordered by license id (items naming credits but no license last), items by title
    /// (case-insensitive), then id. Covers the items the catalog lists; with `installedOnly`, the
    /// items whose audio is installed instead (also those the catalog no longer lists).
    public func fetchCredits(installedOnly: Bool = false) async throws -> [LicenseCredits] {
        let rows = try await context.database.read { db in
            let installed = ItemLocalAudioRecord.select(ItemLocalAudioRecord.Columns.itemId)
            let item =
                installedOnly
                ? ItemAttributionRecord.item.filter(installed.contains(LibraryItemRecord.Columns.id))
                : ItemAttributionRecord.item.visible()
            return
                try ItemAttributionRecord
                .filter(ItemAttributionRecord.Columns.license != nil || ItemAttributionRecord.Columns.credits != nil)
                .annotated(withRequired: item.select(LibraryItemRecord.Columns.title))
                .asRequest(of: CreditRow.self).fetchAll(db)
        }
        let credited = rows.map { row in
            let attribution = row.attribution.attribution
            return (
                license: attribution.license,
                item: CreditedItem(
                    id: row.attribution.itemID, title: row.title, credits: attribution.credits ?? [],
                    source: attribution.source)
            )
        }
        return CreditOrder.grouped(credited, license: \.license, title: \.item.title, id: \.item.id).map {
            LicenseCredits(license: $0.license, items: $0.items.map(\.item))
        }
    }
}

/// A credited item's attribution row with the item's title.
private struct CreditRow: Decodable, FetchableRecord {
    var attribution: ItemAttributionRecord
    var title: String
}
