import CatalogFormat
import Licenses

/// The items under one license with who to credit for each: one section of an app's credits
/// screen (``LibraryRepository/fetchCredits(installedOnly:)``).
///
/// ```swift
/// for section in try await library.items.fetchCredits() {
///     print(section.name, section.url ?? "")
///     for item in section.items { print(item.title, item.credits.map(\.line)) }
/// }
/// ```
public struct LicenseCredits: Sendable, Hashable {
    /// The license id (SPDX or `LicenseRef-…`); nil for items that name credits but no license.
    public var license: String?
    /// The license's full name (for a `LicenseRef-…`, what follows the prefix; for an id this
    /// version does not know, the id itself).
    public var name: String
    /// Where the license's text is, when known.
    public var url: String?
    /// Whether playing these items obliges the app to credit their authors; nil when unknown.
    public var attributionRequired: Bool?
    /// Whether these items may be used commercially; nil when unknown, false for `CC-BY-NC-*`.
    public var commercialUse: Bool?
    /// The items, by title.
    public var items: [CreditedItem]

    /// A section from its license id and items; name, URL and terms come from the known licenses.
    public init(license: String?, items: [CreditedItem]) {
        self.license = license
        self.items = items
        let info = license.flatMap { LicenseList.builtIn.info(for: $0) }
        name = info?.name ?? license ?? "No license stated"
        url = info?.url
        attributionRequired = info?.attributionRequired
        commercialUse = info?.commercialUse
    }
}

/// One credited item: its id and title, who to credit and where it comes from.
public struct CreditedItem: Sendable, Hashable {
    /// The item's id.
    public var id: String
    /// The item's title.
    public var title: String
    /// Who to credit, in the catalog's order (empty when none).
    public var credits: [Credit]
    /// Where the recording comes from, when stated.
    public var source: String?

    /// An item from its parts.
    public init(id: String, title: String, credits: [Credit], source: String?) {
        self.id = id
        self.title = title
        self.credits = credits
        self.source = source
    }
}
