import CatalogModel
import Licenses

/// One license on a pack page's Credits section, with the pack's items under it.
struct CreditSectionView {
    var creditLicense: String
    var creditName: String
    var creditURL: String?
    var creditAttribution: Bool
    var creditNonCommercial: Bool
    var creditItems: [CreditItemView]

    /// The credited items (a license or credits) grouped by license: sections by license id
    /// (items naming credits but no license last), items by title (case-insensitive), then id —
    /// the order of `client credits`.
    static func sections(_ items: [Seed.Item]) -> [CreditSectionView] {
        let credited = items.filter { $0.license != nil || $0.credits != nil }
        return CreditOrder.grouped(credited, license: \.license, title: \.title, id: \.id).map { license, sorted in
            let terms = LicenseTerms(license)
            return CreditSectionView(
                creditLicense: terms.id, creditName: terms.name, creditURL: terms.url,
                creditAttribution: terms.attribution, creditNonCommercial: terms.nonCommercial,
                creditItems: sorted.map(CreditItemView.init))
        }
    }
}

/// One license on the top page's Credits section: how many items in how many packs it covers and
/// who is credited under it (each line once, the first ``limit``; every item is on its pack's page).
struct LicenseSummaryView {
    static let limit = 24

    var creditLicense: String
    var creditName: String
    var creditURL: String?
    var creditAttribution: Bool
    var creditNonCommercial: Bool
    /// "12 items in 3 packs".
    var creditCount: String
    /// The distinct credit lines, "Nora Night (recording), …", and "and N more" past the limit.
    var creditNames: String?

    /// One license's summary: `items` credited items in `packs` packs, `lines` the distinct credit
    /// lines in credits order.
    init(license: String?, items: Int, packs: Int, lines: [String]) {
        let terms = LicenseTerms(license)
        let shown = lines.prefix(Self.limit).joined(separator: ", ")
        let names = lines.count > Self.limit ? shown + ", and \(lines.count - Self.limit) more" : shown
        creditLicense = terms.id
        creditName = terms.name
        creditURL = terms.url
        creditAttribution = terms.attribution
        creditNonCommercial = terms.nonCommercial
        creditCount = PageFormat.count(items, "item") + " in " + PageFormat.count(packs, "pack")
        creditNames = names.isEmpty ? nil : names
    }
}

/// What the pages say of a license id (nil: items naming credits but no license).
private struct LicenseTerms {
    var id: String
    var name: String
    var url: String?
    var attribution: Bool
    var nonCommercial: Bool

    init(_ license: String?) {
        let info = license.flatMap { LicenseList.builtIn.info(for: $0) }
        id = license ?? "none"
        name = info?.name ?? license ?? "No license stated"
        url = info?.url
        attribution = info?.attributionRequired == true
        nonCommercial = info?.isNonCommercial == true
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
