/// What Soundshelf knows about one license: its identifier, full name, where its text is, and
/// the two terms an app must honour when it plays content under it.
///
/// ```swift
/// let info = LicenseList.builtIn.info(for: "CC-BY-4.0")
/// info?.attributionRequired   // true: an app playing the sound must credit its authors
/// ```
public struct LicenseInfo: Codable, Sendable, Hashable {
    /// The SPDX identifier (`CC-BY-4.0`), or a `LicenseRef-<name>` an author made up.
    public var id: String
    /// The license's full name (`Creative Commons Attribution 4.0 International`).
    public var name: String
    /// Where the license's text is; nil for a `LicenseRef-…`.
    public var url: String?
    /// Whether whoever plays the content must credit its authors; nil when unknown (`LicenseRef-…`).
    public var attributionRequired: Bool?
    /// Whether the content may be used commercially; nil when unknown (`LicenseRef-…`).
    public var commercialUse: Bool?

    /// A license from its parts.
    public init(id: String, name: String, url: String?, attributionRequired: Bool?, commercialUse: Bool?) {
        self.id = id
        self.name = name
        self.url = url
        self.attributionRequired = attributionRequired
        self.commercialUse = commercialUse
    }

    /// True for a license known not to allow commercial use (`CC-BY-NC-*`).
    public var isNonCommercial: Bool { commercialUse == false }
}
