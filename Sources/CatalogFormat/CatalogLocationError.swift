import Foundation

/// A catalog location that is neither a path nor an http(s)/file URL.
///
/// ```swift
/// do { _ = try CatalogLocation("ftp://x/y") }
/// catch { print(error.localizedDescription) }   // "'ftp://x/y' is not a catalog location: …"
/// ```
public struct CatalogLocationError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// The location as it was given.
    public let text: String

    /// Wraps the text that could not be read as a location.
    public init(text: String) { self.text = text }

    /// One sentence naming the text and what a location may be.
    public var description: String {
        "'\(text)' is not a catalog location: a location is a folder path, a file:// URL or an http(s):// URL"
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}
