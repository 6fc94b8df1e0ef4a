/// The `vocabularies` object of a seed: for every dimension, its names with their `sortOrder`.
///
/// ```swift
/// var vocab = Vocabularies()
/// vocab.append("Sewers", to: .location)     // sortOrder = count so far
/// vocab.entries(for: .location).last?.name  // "Sewers"
/// ```
public struct Vocabularies: Codable, Sendable, Equatable {
    /// One name and its position.
    public struct Entry: Codable, Sendable, Equatable, Hashable {
        public var name: String
        public var sortOrder: Int

        public init(name: String, sortOrder: Int) {
            self.name = name
            self.sortOrder = sortOrder
        }
    }

    private var lists: [TagDimension: [Entry]] = [:]

    public init() {}

    public func entries(for dimension: TagDimension) -> [Entry] { lists[dimension] ?? [] }

    public mutating func setEntries(_ entries: [Entry], for dimension: TagDimension) { lists[dimension] = entries }

    /// Appends `name` with the next sort order unless it is already listed.
    public mutating func append(_ name: String, to dimension: TagDimension) {
        var list = lists[dimension] ?? []
        guard !list.contains(where: { $0.name == name }) else { return }
        list.append(Entry(name: name, sortOrder: (list.map(\.sortOrder).max() ?? -1) + 1))
        lists[dimension] = list
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        for dim in TagDimension.allCases {
            lists[dim] = try c.decodeIfPresent([Entry].self, forKey: Key(stringValue: dim.vocabularyKey)) ?? []
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for dim in TagDimension.allCases {
            try c.encode(entries(for: dim), forKey: Key(stringValue: dim.vocabularyKey))
        }
    }
}
