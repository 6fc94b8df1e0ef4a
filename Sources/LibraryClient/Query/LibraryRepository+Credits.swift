import CatalogFormat
import Foundation
import GRDB

extension LibraryRepository {
    /// Every credited item grouped by license — what an app's "Credits" screen shows. Sections
    /// are ordered by license id (items naming credits but no license last), items by title
    /// (case-insensitive), then id. Covers the items the catalog lists; with `installedOnly`, the
    /// items whose audio is installed instead (also those the catalog no longer lists).
    public func fetchCredits(installedOnly: Bool = false) async throws -> [LicenseCredits] {
        // Raw SQL: a join with an EXISTS over item_local_audio (installed only) or visibility, by mode.
        let rows: [(title: String, record: ItemAttributionRecord)] = try await context.database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT li.id AS id, li.title AS title, ia.license AS license, ia.credits AS credits, ia.source AS source
                    FROM item_attribution ia JOIN library_item li ON li.id = ia.item_id
                    WHERE (ia.license IS NOT NULL OR ia.credits IS NOT NULL) AND \(
                        installedOnly
                        ? "EXISTS (SELECT 1 FROM item_local_audio ila WHERE ila.item_id = li.id)" : "li.is_visible = 1")
                    """
            ).map {
                (
                    $0["title"],
                    ItemAttributionRecord(
                        itemID: $0["id"], license: $0["license"], credits: $0["credits"], source: $0["source"])
                )
            }
        }
        var groups: [String?: [CreditedItem]] = [:]
        for (title, record) in rows {
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
