import CatalogFormat
import Foundation

extension CatalogLocation {
    /// Parses a location as a user writes it, failing with ``LibraryClientError/invalidLocation(_:)``.
    package static func parsing(_ text: String) throws(LibraryClientError) -> CatalogLocation {
        do { return try CatalogLocation(text) } catch { throw .invalidLocation(text) }
    }

    /// The location a URL names, failing with ``LibraryClientError/invalidLocation(_:)``.
    static func parsing(_ url: URL) throws(LibraryClientError) -> CatalogLocation {
        do { return try CatalogLocation(url) } catch { throw .invalidLocation(url.absoluteString) }
    }
}
