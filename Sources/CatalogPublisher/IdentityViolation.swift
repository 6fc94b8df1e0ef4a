/// One broken identity rule across publishes of a catalog: what the id was, what it is now.
/// Every case names the id and both values, and prints a sentence that says what to do.
///
/// ```swift
/// catch PublishError.identity(let violations) {
///     for case .versionWentBack(let packID, _, let version, let published) in violations { … }
/// }
/// ```
public enum IdentityViolation: Sendable, Hashable, CustomStringConvertible {
    /// An id that named one kind of thing ("sfx pack") now names another ("music entry").
    case kindChanged(id: String, label: String, before: String, after: String)
    /// An item moved to another pack.
    case itemMoved(itemID: String, label: String, fromPack: String, toPack: String)
    /// A pack's version is lower than the published one.
    case versionWentBack(packID: String, slug: String, version: Int, published: Int)
    /// A pack's content changed but its version is already published.
    case changedWithoutNewVersion(packID: String, slug: String, version: Int, file: String?)

    public var description: String {
        switch self {
        case .kindChanged(let id, let label, let before, let after):
            "id \(id) (\(label)) was a \(before) and is now a \(after); an id never changes kind — give it a new UUID"
        case .itemMoved(let id, let label, let from, let to):
            "item \(id) (\(label)) moved from pack \(from) to pack \(to); an item stays in its pack — give it a new UUID"
        case .versionWentBack(let id, let slug, let version, let published):
            "pack \(id) (\(slug)) has version \(version) but version \(published) is already published; versions only grow — set version to \(published + 1) or more"
        case .changedWithoutNewVersion(let id, let slug, let version, let file):
            "version \(version) of pack \(slug) (\(id)) is already published with different content; raise `version` in \(file ?? "pack.yaml")"
        }
    }
}
