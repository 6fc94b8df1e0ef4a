/// The three kinds of library item. Kinds are part of the schema (a CHECK constraint in the
/// database), unlike tag values, which are open-ended data.
///
/// ```swift
/// let kind = Kind(rawValue: "sfx")        // .sfx
/// kind?.dimensions.map(\.tagsKey)         // ["locations", "moods", "themes", "creatureTypes"]
/// ```
public enum Kind: String, Codable, CaseIterable, Sendable, Comparable {
    case music, atmosphere, sfx

    /// Kinds that are shipped as downloadable packs.
    public var isPackKind: Bool { self != .music }

    /// The tag dimensions an item of this kind may use, in display order.
    public var dimensions: [TagDimension] {
        switch self {
        case .music: [.location, .mood, .musicTheme]
        case .atmosphere: [.location, .mood, .atmosphereTheme]
        case .sfx: [.location, .mood, .sfxTheme, .creatureType]
        }
    }

    /// The theme dimension of this kind.
    public var themeDimension: TagDimension {
        switch self {
        case .music: .musicTheme
        case .atmosphere: .atmosphereTheme
        case .sfx: .sfxTheme
        }
    }

    /// The dimension a `tags` key means on an item of this kind, or nil when the kind may not use it.
    public func dimension(forTagsKey key: String) -> TagDimension? {
        dimensions.first { $0.tagsKey == key }
    }

    public static func < (lhs: Kind, rhs: Kind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
