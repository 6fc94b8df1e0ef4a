/// One value of a tag dimension, as stored: the brief's `TagValue { id; name }`.
///
/// ```swift
/// let forest = TagValue(id: 4, name: "Forest")
/// ```
public struct TagValue: Sendable, Hashable, Codable {
    public let id: Int64
    public let name: String

    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}
