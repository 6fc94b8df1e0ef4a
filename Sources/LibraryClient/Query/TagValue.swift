/// One value of a tag dimension, as stored: `TagValue { id; name }`.
///
/// ```swift
/// let forest = TagValue(id: 4, name: "Forest")
/// ```
public struct TagValue: Sendable, Hashable, Codable {
    /// The value's id in this library (what ``Filters`` take).
    public let id: Int64
    /// The value's name as the catalog spells it (`Hero’s Journey`).
    public let name: String

    /// A value from its id and name.
    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}
