import Foundation

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

extension FileReference {
    /// How bytes differ from what a reference declares.
    public enum Mismatch: Sendable, Equatable {
        /// Another size: `actual` bytes.
        case size(actual: Int64)
        /// The declared size but another SHA-256: `actual` (lowercase hex).
        case sha256(actual: String)
    }

    /// nil when `data` has the size and SHA-256 this reference declares (the hash compared in
    /// either case), else how it differs; the size is checked first, so a short body costs no hash.
    ///
    /// ```swift
    /// if let mismatch = reference.mismatch(in: body) { throw damaged(reference, mismatch) }
    /// ```
    public func mismatch(in data: Data) -> Mismatch? {
        guard Int64(data.count) == bytes else { return .size(actual: Int64(data.count)) }
        let actual = SHA256Digest.hex(of: data)
        return actual == sha256.lowercased() ? nil : .sha256(actual: actual)
    }
}
