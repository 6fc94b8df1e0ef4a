/// One person or organisation to credit for a work: `{"name", "role", "url"}` in the seed,
/// the manifest and the client's JSON (`role` and `url` written as explicit nulls when absent).
///
/// ```swift
/// let credit = Credit(name: "Jane Field", role: "recording", url: "https://example.org/jane")
/// credit.line   // "Jane Field (recording) https://example.org/jane"
/// ```
public struct Credit: Codable, Sendable, Hashable {
    /// Who to credit, as they want to be named.
    public var name: String
    /// What they did (`recording`, `editing`, `performance`…), when the author said.
    public var role: String?
    /// Where to find them or the work.
    public var url: String?

    /// A credit from its parts.
    public init(name: String, role: String? = nil, url: String? = nil) {
        self.name = name
        self.role = role
        self.url = url
    }

    enum CodingKeys: String, CodingKey { case name, role, url }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(role, forKey: .role)
        try c.encode(url, forKey: .url)
    }

    /// The credit as one line of text: name, role in parentheses, URL.
    public var line: String {
        [name, role.map { "(\($0))" }, url].compactMap { $0 }.joined(separator: " ")
    }
}
