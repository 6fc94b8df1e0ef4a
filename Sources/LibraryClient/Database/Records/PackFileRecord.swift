import CatalogFormat
import GRDB

/// A row of `pack_file`: where a pack's manifest and archive are and what they hash to, as the
/// last synced schema-2 catalog lists them (a schema-1 catalog lists them in catalog.json).
///
/// ```swift
/// let files = try PackFileRecord.fetchOne(db, key: packID)
/// files?.manifest.sha256
/// ```
package struct PackFileRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "pack_file"
    package static let capitalizedWords = ["ID", "URL", "SHA256"]

    package var packID: String
    package var version: Int
    package var manifestURL: String
    package var manifestSHA256: String
    package var manifestBytes: Int64
    package var archiveURL: String?
    package var archiveSHA256: String?
    package var archiveBytes: Int64?

    package init(_ head: ShardPackHead) {
        packID = head.id
        version = head.version
        manifestURL = head.manifest.url
        manifestSHA256 = head.manifest.sha256
        manifestBytes = head.manifest.bytes
        archiveURL = head.archive?.url
        archiveSHA256 = head.archive?.sha256
        archiveBytes = head.archive?.bytes
    }

    /// The manifest's reference.
    package var manifest: FileReference {
        FileReference(url: manifestURL, sha256: manifestSHA256, bytes: manifestBytes)
    }

    /// The archive's reference, when the pack has one.
    package var archive: FileReference? {
        guard let archiveURL, let archiveSHA256, let archiveBytes else { return nil }
        return FileReference(url: archiveURL, sha256: archiveSHA256, bytes: archiveBytes)
    }
}
