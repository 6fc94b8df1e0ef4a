import GRDB

extension FacetIndexStore {
    /// The state of the database an index answers for: the imported seed's SHA-256 and
    /// `catalog_state.data_generation`, written into the index file and the list orders.
    struct Stamp: Equatable, Sendable {
        var seed: String
        var generation: Int64
        var text: String { "\(seed):\(generation)" }

        static func current(_ db: Database) throws -> Stamp {
            // Raw SQL through the C API: read before every query, and first thing in a fresh
            // process, where decoding the whole record costs about 0.7 ms more (soundshelf-bench
            // catalog, first list page).
            var stamp = Stamp(seed: "none", generation: 0)
            let statement = try BulkStatement(db, "SELECT seed_sha256, data_generation FROM catalog_state WHERE id = 1")
            try statement.query({ _ in }) { row in
                stamp = Stamp(seed: row.text(0) ?? "none", generation: row.int64(1) ?? 0)
            }
            return stamp
        }
    }
}
