/// The license, credits and source of a pack or an item, as pack.yaml states them. An item's
/// values override its pack's, key by key (``resolved(over:)``).
///
/// ```swift
/// let item = Attribution(license: "CC0-1.0")
/// item.resolved(over: pack.attribution).credits   // the pack's credits, the item's license
/// ```
public struct Attribution: Sendable, Hashable {
    /// An SPDX license id, or `LicenseRef-<name>`.
    public var license: String?
    /// Who to credit, in order; nil when not stated (an empty list counts as stated).
    public var credits: [Credit]?
    /// Where the recordings come from (a URL or a short text).
    public var source: String?

    /// An attribution from its parts.
    public init(license: String? = nil, credits: [Credit]? = nil, source: String? = nil) {
        self.license = license
        self.credits = credits
        self.source = source
    }

    /// This item's values where it states them, else the pack's.
    public func resolved(over pack: Attribution) -> Attribution {
        Attribution(license: license ?? pack.license, credits: credits ?? pack.credits, source: source ?? pack.source)
    }

    /// The credits to publish: nil when there are none.
    public var publishedCredits: [Credit]? { credits?.isEmpty == false ? credits : nil }
}
