import CatalogFormat
import Foundation
import GRDB

/// Imports a seed into the database: ``importIfNeeded()`` on first launch and
/// ``applyUpdates(force:)`` afterwards, each in ONE transaction. The seed is validated first;
/// a bad seed throws a ``LibraryClientError/invalidDocument(_:)`` naming the file, the JSON path
/// and the id, and leaves the database unchanged.
///
/// ```swift
/// let importer = SeedImporter(database: db, seed: seed, seedSHA256: sha, file: "seed.json")
/// let first = try await importer.importIfNeeded()      // no-op when a seed is already imported
/// let later = try await importer.applyUpdates()        // no-op when this seed was the last one
/// ```
package struct SeedImporter: Sendable {
    package let database: AppDatabase
    package let seed: Seed
    package let seedSHA256: String
    /// The seed's file or URL, for messages.
    package let file: String

    package init(database: AppDatabase, seed: Seed, seedSHA256: String, file: String) {
        self.database = database
        self.seed = seed
        self.seedSHA256 = seedSHA256
        self.file = file
    }

    /// Imports the seed when the database holds none yet; otherwise does nothing.
    package func importIfNeeded() async throws -> ImportSummary {
        try await run(onlyIfEmpty: true, force: false, alsoWrite: nil)
    }

    /// Upserts the seed's changes, keeping `pack_state`, `local_asset` and files; hides items
    /// and packs it no longer lists. Does nothing when this seed (same SHA-256) was the last
    /// one imported, unless `force`.
    package func applyUpdates(force: Bool = false) async throws -> ImportSummary {
        try await run(onlyIfEmpty: false, force: force, alsoWrite: nil)
    }

    /// The shared path: validate, then one write transaction that also runs `alsoWrite`
    /// (the sync records the catalog's state there, so both commit or neither does).
    func run(
        onlyIfEmpty: Bool, force: Bool, prebuild: FacetIndexPrebuild? = nil,
        alsoWrite: (@Sendable (Database, ImportSummary) throws -> Void)?
    ) async throws -> ImportSummary {
        // Ids in canonical form first (the writer keys rows on them); every other rule is checked
        // on another thread while the rows are written, and the transaction commits only if it passed.
        let validated: Seed
        let validator = SeedValidator(file: file)
        do { validated = try validator.canonicalIDs(seed) } catch {
            throw LibraryClientError.invalidDocument(error)
        }
        let file = self.file
        let check = BackgroundCheck { () throws(Diagnostic) in try SeedValidator(file: file).validate(validated) }
        let timer = PhaseTimer.current
        timer?.mark("seed ids canonical")
        let writer = SeedWriter(seed: validated, file: file, now: Timestamp.now(), timer: timer, prebuild: prebuild)
        let sha = seedSHA256
        let summary: ImportSummary
        do {
            // One bulk transaction: the seed write inserts every parent (pack, library_item)
            // before its children and never deletes a parent, so foreign keys go unchecked.
            summary = try await database.bulkWrite { db in
                let state = try CatalogStateRecord.current(db)
                var summary = ImportSummary()
                let skip = onlyIfEmpty ? state.seedSHA256 != nil : (state.seedSHA256 == sha && !force)
                if !skip {
                    do {
                        summary = try writer.write(db)
                        try AttributionWriter(seed: validated).write(db)
                    } catch {
                        // A broken seed can fail the write first (a repeated id, say): report the rule it broke.
                        throw check.problem() ?? error
                    }
                    _ = try CatalogStateRecord.filter(key: 1)
                        .updateAll(db, CatalogStateRecord.Columns.seedSHA256.set(to: sha))
                }
                if let problem = check.problem() { throw problem }
                timer?.mark("seed validated (alongside)")
                try alsoWrite?(db, summary)
                timer?.mark("written")
                return summary
            }
        } catch let diagnostic as Diagnostic {
            throw LibraryClientError.invalidDocument(diagnostic)
        }
        timer?.mark("committed")
        return summary
    }
}
