import CatalogFormat
import Foundation

/// The one JSON encoder of the `client` tool's `--json` output and of the web server's API, so the
/// two cannot drift: sorted keys, pretty-printed, unescaped slashes, a final newline.
///
/// ```swift
/// let body = try LibraryJSON.encode(ItemPageJSON(page))
/// ```
package enum LibraryJSON {
    /// One JSON document for `value`.
    package static func encode<T: Encodable>(_ value: T) throws -> Data {
        try CatalogJSON.encode(value)
    }

    /// The same document on one line, without the final newline (a Server-Sent Event's `data:`).
    package static func line<T: Encodable>(_ value: T) throws -> Data {
        try CompactJSON.encode(value)
    }
}
