import CatalogFormat

extension CatalogLocation {
    /// Parses a location as a user writes it, failing with ``LibraryClientError/invalidLocation(_:)``.
    static func parsing(_ text: String) throws(LibraryClientError) -> CatalogLocation {
        do { return try CatalogLocation(text) } catch { throw .invalidLocation(text) }
    }
}
