/// A `tags` object: `{"locations": [..], "moods": [..], "themes": [..], "creatureTypes": [..]}`.
/// Every key is optional; `themes` means the theme dimension of the item's kind.
///
/// ```swift
/// let packTags = TagSet(locations: ["Forest"])
/// let itemTags = TagSet(moods: ["Ominous"])
/// packTags.union(itemTags)   // locations: Forest, moods: Ominous
/// ```
public struct TagSet: Codable, Sendable, Equatable, Hashable {
    public var locations: [String]
    public var moods: [String]
    public var themes: [String]
    public var creatureTypes: [String]

    public init(locations: [String] = [], moods: [String] = [], themes: [String] = [], creatureTypes: [String] = []) {
        self.locations = locations
        self.moods = moods
        self.themes = themes
        self.creatureTypes = creatureTypes
    }

    /// The keys of a `tags` object, in the order they are written.
    public static let keys = ["locations", "moods", "themes", "creatureTypes"]

    public var isEmpty: Bool { locations.isEmpty && moods.isEmpty && themes.isEmpty && creatureTypes.isEmpty }

    /// The names under a `tags` key.
    public subscript(key: String) -> [String] {
        get {
            switch key {
            case "locations": locations
            case "moods": moods
            case "themes": themes
            case "creatureTypes": creatureTypes
            default: []
            }
        }
        set {
            switch key {
            case "locations": locations = newValue
            case "moods": moods = newValue
            case "themes": themes = newValue
            case "creatureTypes": creatureTypes = newValue
            default: break
            }
        }
    }

    /// Pack tags ∪ item tags: every name once, in first-seen order.
    public func union(_ other: TagSet) -> TagSet {
        var result = self
        for key in Self.keys {
            var seen = Set(result[key])
            for name in other[key] where seen.insert(name).inserted {
                result[key].append(name)
            }
        }
        return result
    }

    /// The names per dimension for an item of `kind` (keys the kind may not use are dropped).
    public func byDimension(for kind: Kind) -> [(TagDimension, [String])] {
        kind.dimensions.compactMap { dim in
            let names = self[dim.tagsKey]
            return names.isEmpty ? nil : (dim, names)
        }
    }

    enum CodingKeys: String, CodingKey { case locations, moods, themes, creatureTypes }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        locations = try c.decodeIfPresent([String].self, forKey: .locations) ?? []
        moods = try c.decodeIfPresent([String].self, forKey: .moods) ?? []
        themes = try c.decodeIfPresent([String].self, forKey: .themes) ?? []
        creatureTypes = try c.decodeIfPresent([String].self, forKey: .creatureTypes) ?? []
    }

    /// Empty dimensions are left out, so `{}` means no tags.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if !locations.isEmpty { try c.encode(locations, forKey: .locations) }
        if !moods.isEmpty { try c.encode(moods, forKey: .moods) }
        if !themes.isEmpty { try c.encode(themes, forKey: .themes) }
        if !creatureTypes.isEmpty { try c.encode(creatureTypes, forKey: .creatureTypes) }
    }
}
