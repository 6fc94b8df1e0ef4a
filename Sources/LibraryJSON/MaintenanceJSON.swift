import LibraryClient

/// `client sync`: `{"catalogVersion", "inserted", "updated", "hidden"}`.
package struct SyncJSON: Encodable {
    package let catalogVersion, inserted, updated, hidden: Int
    /// Requests tried again after a transient failure.
    package let retries: Int
    /// What had to be fetched: `not-modified`, `unchanged`, `delta` or `full`.
    package let transfer: String

    package init(_ result: SyncResult) {
        catalogVersion = result.catalogVersion
        inserted = result.inserted
        updated = result.updated
        hidden = result.hidden
        retries = result.retries
        transfer = result.transfer.rawValue
    }
}

/// `client gc`: `{"files", "bytes", "dryRun"}`.
package struct GarbageJSON: Encodable {
    package let files: Int
    package let bytes: Int64
    package let dryRun: Bool

    package init(_ result: OrphanCleanupResult) {
        files = result.files
        bytes = result.bytes
        dryRun = result.dryRun
    }
}
