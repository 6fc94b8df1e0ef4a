import Foundation

/// Where a published catalog lives: the folder — `https://` / `http://` URL with or
/// without a trailing slash, `file://` URL, plain path — or the URL/path of its `catalog.json`.
/// Every other file resolves relative to catalog.json.
///
/// ```swift
/// let loc = try CatalogLocation("https://cdn.example.com/shelf")
/// loc.catalogURL.absoluteString                       // "https://cdn.example.com/shelf/catalog.json"
/// loc.resolve("seeds/ab.json").absoluteString         // "https://cdn.example.com/shelf/seeds/ab.json"
/// ```
public struct CatalogLocation: Sendable, Hashable, CustomStringConvertible {
    /// The URL of catalog.json.
    public let catalogURL: URL

    /// Parses a location as a user writes it; relative paths resolve against the current folder.
    public init(_ text: String) throws(CatalogLocationError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CatalogLocationError(text: text) }
        let lower = trimmed.lowercased()
        var url: URL
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file://") {
            guard let parsed = URL(string: trimmed), parsed.host != nil || parsed.isFileURL else {
                throw CatalogLocationError(text: text)
            }
            url = parsed
        } else if lower.contains("://") {
            throw CatalogLocationError(text: text)
        } else {
            let expanded = (trimmed as NSString).expandingTildeInPath
            url = URL(fileURLWithPath: expanded).standardizedFileURL
        }
        if url.lastPathComponent != "catalog.json" || url.absoluteString.hasSuffix("/") {
            url = Self.directory(url).appendingPathComponent("catalog.json")
        }
        catalogURL = url
    }

    /// The location of a folder or catalog.json given as a URL (`https://`, `http://`, `file://`).
    public init(_ url: URL) throws(CatalogLocationError) {
        try self.init(url.isFileURL ? url.path : url.absoluteString)
    }

    /// A folder URL, ending in "/" so relative references resolve inside it.
    private static func directory(_ url: URL) -> URL {
        if url.absoluteString.hasSuffix("/") { return url }
        if url.isFileURL { return URL(fileURLWithPath: url.path, isDirectory: true) }
        return URL(string: url.absoluteString + "/") ?? url
    }

    /// A file of the catalog, given relative to catalog.json (absolute URLs are kept).
    public func resolve(_ reference: String) -> URL {
        URL(string: reference, relativeTo: catalogURL)?.absoluteURL
            ?? catalogURL.deletingLastPathComponent().appendingPathComponent(reference)
    }

    /// The text stored in `catalog_state` and shown to people.
    public var description: String {
        catalogURL.isFileURL ? catalogURL.path : catalogURL.absoluteString
    }
}
