import CatalogFormat
import Foundation
import GRDB

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
        var groups: [String?: [CreditedItem]] = [:]
        for row in rows {
            let (title, record) = (row.title, row.attribution)
            let attribution = record.attribution
            let item = CreditedItem(
                id: record.itemID, title: title, credits: attribution.credits ?? [], source: attribution.source)
            groups[attribution.license, default: []].append(item)
        }
        return groups.sorted { a, b in
            switch (a.key, b.key) {
            case (let x?, let y?): x < y
            case (.some, .none): true
            default: false
            }
        }.map { license, items in
            LicenseCredits(
                license: license,
                items: items.sorted {
                    let (x, y) = ($0.title.lowercased(), $1.title.lowercased())
                    return x != y ? x < y : $0.id < $1.id
                })
        }
    }
}

/// A credited item's attribution row with the item's title.
private struct CreditRow: Decodable, FetchableRecord {
    var attribution: ItemAttributionRecord
    var title: String
}
