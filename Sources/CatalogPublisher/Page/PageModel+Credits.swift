import CatalogModel
import Licenses

/// One license on the page's Credits section, with the items under it.
struct CreditSectionView {
    var creditLicense: String
    var creditName: String
    var creditURL: String?
    var creditAttribution: Bool
    var creditNonCommercial: Bool
    var creditItems: [CreditItemView]

    /// The seed's credited items (a license or credits) grouped by license: sections by license id
    /// (items naming credits but no license last), items by title (case-insensitive), then id —
    /// the order of `client credits`.
    static func sections(_ seed: Seed) -> [CreditSectionView] {
        let credited = seed.packs.flatMap { $0.items.filter { $0.license != nil || $0.credits != nil } }
        return CreditOrder.grouped(credited, license: \.license, title: \.title, id: \.id).map { license, sorted in
            let info = license.flatMap { LicenseList.builtIn.info(for: $0) }
            return CreditSectionView(
                creditLicense: license ?? "none", creditName: info?.name ?? license ?? "No license stated",
                creditURL: info?.url, creditAttribution: info?.attributionRequired == true,
                creditNonCommercial: info?.isNonCommercial == true,
                creditItems: sorted.map(CreditItemView.init))
        }
    }
}

/// One credited item: its title, who to credit (one line) and where it comes from.
struct CreditItemView {
    var creditTitle: String
    var creditLine: String?
    var creditSource: String?

    init(_ item: Seed.Item) {
        creditTitle = item.title
        creditLine = item.credits.flatMap { $0.isEmpty ? nil : $0.map(\.line).joined(separator: ", ") }
        creditSource = item.source
    }
}
