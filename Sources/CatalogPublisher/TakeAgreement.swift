import CatalogModel

/// `catalog verify`'s take rules: each item has as many manifest assets as the seed's `takes`,
/// numbered 0, 1, 2… without gaps.
///
/// ```swift
/// report.problems += TakeAgreement.problems(seedPack, manifest, label: "pack dungeon-delve v3")
/// ```
enum TakeAgreement {
    static func problems(_ pack: Seed.Pack, _ manifest: Manifest, label: String) -> [String] {
        var problems: [String] = []
        var counts: [String: Int] = [:]
        for asset in manifest.assets { counts[asset.itemId.lowercased(), default: 0] += 1 }
        for item in pack.items {
            guard let count = counts[item.id.lowercased()], count != item.takeCount else { continue }
            problems.append(
                "item \(item.id) ('\(item.title)') of \(label) has \(item.takeCount) take(s) in the seed but \(count) asset(s) in its manifest"
            )
        }
        if let gap = TakeNumbering.firstGap(in: manifest) {
            problems.append("item \(gap.item) of \(label) numbers its takes \(gap.takes); takes are numbered 0, 1, 2…")
        }
        return problems
    }
}
