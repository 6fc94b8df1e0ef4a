/// A published file as catalog.json points at it: where, its SHA-256 (lowercase hex) and size.
///
/// ```swift
/// let ref = FileReference(url: "seeds/ab12….json", sha256: "ab12…", bytes: 2048)
/// ```
public struct FileReference: Codable, Sendable, Equatable, Hashable {
    public var url: String
    public var sha256: String
    public var bytes: Int64

    public init(url: String, sha256: String, bytes: Int64) {
        self.url = url
        self.sha256 = sha256
        self.bytes = bytes
    }
}
