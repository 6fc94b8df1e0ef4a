import Foundation

/// What a server said identifies a document's version (`ETag`, `Last-Modified`), sent back on
/// the next request so an unchanged document costs a `304 Not Modified` and no body.
///
/// ```swift
/// let answer = try await transport.fetch(url, limit: 4096, ifChangedFrom: remembered)
/// if case .changed(let data, let validators) = answer { … }
/// ```
public struct DocumentValidators: Sendable, Hashable, Codable {
    /// The `ETag` the server sent.
    public var etag: String?
    /// The `Last-Modified` the server sent.
    public var lastModified: String?

    /// Validators as a server sent them.
    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Whether there is anything to send.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// The answer to a conditional fetch.
public enum ConditionalDocument: Sendable {
    /// The server answered `304 Not Modified`: the copy fetched with those validators is current.
    case notModified
    /// The document's bytes and the validators that identify them.
    case changed(Data, DocumentValidators)
}

extension CatalogTransport {
    /// Transports that do not send conditional requests fetch the whole document.
    public func fetch(_ url: URL, limit: Int, ifChangedFrom validators: DocumentValidators?) async throws
        -> ConditionalDocument
    {
        .changed(try await fetch(url, limit: limit), DocumentValidators())
    }
}
