/// One tag dimension: which table holds its values, which join table links items, and the keys
/// it uses in `tags` objects, in `vocabularies` and on the command line.
///
/// The set of dimensions is fixed by the database schema; the *values* in each dimension are
/// open-ended data and never appear in code.
///
/// ```swift
/// TagDimension.sfxTheme.table       // "sfx_theme"
/// TagDimension.sfxTheme.tagsKey     // "themes"
/// ```
public enum TagDimension: String, CaseIterable, Codable, Sendable {
    case location, mood, musicTheme, atmosphereTheme, sfxTheme, creatureType

    /// The dimension table, e.g. `music_theme`.
    public var table: String {
        switch self {
        case .location: "location"
        case .mood: "mood"
        case .musicTheme: "music_theme"
        case .atmosphereTheme: "atmosphere_theme"
        case .sfxTheme: "sfx_theme"
        case .creatureType: "creature_type"
        }
    }

    /// The join table, e.g. `item_music_theme`.
    public var joinTable: String { "item_" + table }

    /// The join table's column referencing the dimension table, e.g. `music_theme_id`.
    public var joinColumn: String { table + "_id" }

    /// The key in a `tags` object: `themes` for every theme dimension.
    public var tagsKey: String {
        switch self {
        case .location: "locations"
        case .mood: "moods"
        case .musicTheme, .atmosphereTheme, .sfxTheme: "themes"
        case .creatureType: "creatureTypes"
        }
    }

    /// The key in a `vocabularies` object, e.g. `musicThemes`.
    public var vocabularyKey: String {
        switch self {
        case .location: "locations"
        case .mood: "moods"
        case .musicTheme: "musicThemes"
        case .atmosphereTheme: "atmosphereThemes"
        case .sfxTheme: "sfxThemes"
        case .creatureType: "creatureTypes"
        }
    }

    /// A human name for messages, e.g. "sfx theme".
    public var displayName: String {
        switch self {
        case .location: "location"
        case .mood: "mood"
        case .musicTheme: "music theme"
        case .atmosphereTheme: "atmosphere theme"
        case .sfxTheme: "sfx theme"
        case .creatureType: "creature type"
        }
    }

    /// The dimension for a `vocabularies` key.
    public init?(vocabularyKey: String) {
        guard let match = Self.allCases.first(where: { $0.vocabularyKey == vocabularyKey }) else { return nil }
        self = match
    }
}
