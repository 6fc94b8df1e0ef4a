import GRDB

extension AppDatabase {
    /// What a schema-2 catalog keeps outside catalog.json: each pack's manifest and archive
    /// references (from its shard line, verified through the index's hashes when synced), and the
    /// validators, hash and expiry of the last catalog.json, so an unchanged one costs a 304 and
    /// is still refused once it expires.
    static func createCatalogFiles(_ db: Database) throws {
        try db.create(table: "pack_file") { t in
            t.primaryKey("pack_id", .text)
            t.column("version", .integer).notNull()
            t.column("manifest_url", .text).notNull()
            t.column("manifest_sha256", .text).notNull()
            t.column("manifest_bytes", .integer).notNull()
            t.column("archive_url", .text)
            t.column("archive_sha256", .text)
            t.column("archive_bytes", .integer)
        }
        try db.alter(table: "catalog_state") { t in
            t.add(column: "catalog_sha256", .text)
            t.add(column: "catalog_etag", .text)
            t.add(column: "catalog_last_modified", .text)
            t.add(column: "schema_version", .integer)
            t.add(column: "catalog_expires", .text)
        }
    }
}
