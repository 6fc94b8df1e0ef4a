import CatalogFormat

/// Everything that can go wrong in the client library, each case carrying the context a user
/// needs (file or URL, JSON path, id) and printing one sentence of facts: what failed, where, and
/// why. What to run next is the app's or the tool's to say.
///
/// ```swift
/// do { try await library.sync(SyncOptions(catalog: URL(string: "https://cdn.example.com/shelf/"))) }
/// catch let error as LibraryClientError { print(error.description) }
/// ```
public enum LibraryClientError: Error, Sendable, CustomStringConvertible, Equatable {
    /// No catalog location was given and none is remembered for this data root.
    case noCatalogLocation
    /// A catalog location that is neither a path nor an http(s)/file URL.
    case invalidLocation(String)
    /// A file or URL could not be read (network failure, permission, …).
    case unreachable(url: String, reason: String)
    /// The server answered with a non-2xx status.
    case httpStatus(url: String, status: Int)
    /// The file or URL does not exist (HTTP 404 or a missing file).
    case missingFile(url: String)
    /// The disk holding `path` is full: `needed` bytes more were to be written, `free` are left.
    case diskFull(path: String, needed: Int64, free: Int64)
    /// A local file (a download, a seed put together from shards) could not be created or
    /// written for another reason than a full disk: the system's words in `reason`.
    case cannotWrite(path: String, reason: String)
    /// A published document is malformed: file, JSON path and what is wrong.
    case invalidDocument(Diagnostic)
    /// A downloaded file does not match the size or SHA-256 catalog.json declares.
    case integrityMismatch(url: String, field: String, expected: String, actual: String)
    /// The catalog has no signature although a key is trusted for this data root.
    case unsigned(url: String)
    /// The catalog's signature does not verify with the trusted key.
    case badSignature(url: String)
    /// A root of trust fails a rule of the chain (its signatures, its version, its expiry);
    /// `reached` holds the newest root that passed (the data root keeps it).
    case untrustedRoot(TrustError, reached: String? = nil)
    /// catalog.json lacks the signatures the newest trusted root's catalog keys must give.
    case catalogSignatures(TrustError)
    /// The trusted-key file could not be used.
    case invalidKey(file: String, reason: String)
    /// The catalog is older than the one already imported.
    case rollback(url: String, offered: Int, imported: Int)
    /// The catalog's `expires` has passed (or cannot be read).
    case expired(url: String, expires: String)
    /// The catalog's `expires` is not an ISO-8601 date.
    case invalidExpiry(url: String, expires: String)
    /// The data root holds no imported catalog yet.
    case notSynced(root: String)
    /// No item with this id.
    case itemNotFound(String)
    /// No pack with this id or slug.
    case packNotFound(PackReference)
    /// No music entry with this id.
    case musicEntryNotFound(String)
    /// A filter names a value its dimension does not have.
    case unknownTag(dimension: TagDimension, name: String, suggestion: String?)
    /// A numeric filter id that is not a value of its dimension.
    case unknownTagID(dimension: TagDimension, id: Int64)
    /// A search with no words in it.
    case emptySearch
    /// SQLite failed: the database file, SQLite's result code (busy, corrupt, full, …) and its message.
    case database(path: String, code: SQLiteResultCode, message: String)
    /// The database holds a value this release does not know (written by a newer release, or damaged).
    case unexpectedValue(table: String, column: String, value: String)
    /// The facet index could not be loaded nor rebuilt from the database.
    case facetIndexUnavailable(path: String)
    /// A document larger than it may be (an endless or wrong response); nothing past the limit was kept.
    case tooLarge(url: String, limit: Int)

    /// A failed write to `path`, which still had `needed` bytes to write: ``diskFull(path:needed:free:)``
    /// when the disk is full, else ``cannotWrite(path:reason:)`` with the system's words.
    static func cannotWrite(_ error: any Error, path: String, needed: Int64) -> LibraryClientError {
        if DiskSpace.isFull(error) {
            return .diskFull(path: path, needed: needed, free: DiskSpace.free(at: path) ?? 0)
        }
        return .cannotWrite(path: path, reason: DiskSpace.reason(error))
    }

    public var description: String {
        switch self {
        case .noCatalogLocation:
            return "no catalog location is known for this data root"
        case .invalidLocation(let text):
            return "'\(text)' is not a catalog location (a folder path, a file:// URL or an http(s):// URL)"
        case .unreachable(let url, let reason):
            return "\(url): cannot be read (\(reason))"
        case .httpStatus(let url, let status):
            return "\(url): the server answered HTTP \(status)"
        case .tooLarge(let url, let limit):
            return
                "\(url): the server sent more than \(limit) bytes, more than this document may have; the catalog host is broken or hostile, nothing was changed"
        case .missingFile(let url):
            return "\(url): not found (a catalog location holds catalog.json)"
        case .diskFull(let path, let needed, let free):
            return "the disk is full at \(path): \(needed) bytes needed, \(free) free"
        case .cannotWrite(let path, let reason):
            return "\(path): cannot be written (\(reason))"
        case .invalidDocument(let diagnostic):
            return "\(diagnostic.description); the catalog is malformed"
        case .integrityMismatch(let url, let field, let expected, let actual):
            return
                "\(url): \(field) is \(actual) but catalog.json declares \(expected); the catalog is damaged or half-published"
        case .unsigned(let url):
            return
                "\(url): the catalog is not signed but a key is trusted for this data root; refusing it"
        case .badSignature(let url):
            return
                "\(url): the signature does not verify with the trusted key; refusing the catalog (another key signed it, or it was altered)"
        case .invalidKey(let file, let reason):
            return "\(file): \(reason)"
        case .untrustedRoot(let error, _):
            return "\(error); refusing the catalog's root of trust"
        case .catalogSignatures(let error):
            return "\(error); refusing the catalog"
        case .rollback(let url, let offered, let imported):
            return
                "\(url): catalogVersion \(offered) is older than the imported \(imported); refusing a rollback"
        case .expired(let url, let expires):
            return
                "\(url): the catalog expired at \(expires); refusing it until its publisher renews it"
        case .invalidExpiry(let url, let expires):
            return
                "\(url): 'expires' is '\(expires)', not an ISO-8601 date (at $.expires)"
        case .notSynced(let root):
            return "the library at \(root) has no catalog yet"
        case .itemNotFound(let id):
            return "no item '\(id)' in the library"
        case .packNotFound(let reference):
            return "no pack '\(reference)' in the library (neither a pack id nor a slug)"
        case .musicEntryNotFound(let reference):
            return "no music entry '\(reference)' in the library"
        case .unknownTag(let dimension, let name, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            return "unknown \(dimension.displayName) '\(name)'\(hint)"
        case .unknownTagID(let dimension, let id):
            return "no \(dimension.displayName) has id \(id)"
        case .emptySearch:
            return "the search query has no words"
        case .database(let path, let code, let message):
            if code.isFull && message.hasPrefix("the disk is full at ") { return "\(message) (writing \(path))" }
            return "\(path): database error (\(code)): \(message)\(code.meaning)"
        case .unexpectedValue(let table, let column, let value):
            return
                "the database holds '\(value)' in \(table).\(column), which this release does not know"
        case .facetIndexUnavailable(let path):
            return "\(path): the facet index could not be built"
        }
    }
}
