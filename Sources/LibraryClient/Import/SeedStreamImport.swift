import CatalogFormat
import Foundation
import GRDB

/// An import read straight from the seed file in one transaction (``SeedStreamWriter``): memory
/// stays flat however many items the seed holds. A first import builds the facet index in the
/// same pass; an update compares each entry with its stored row. It gives nil when the reader
/// cannot stream the file (members in another order, or a value only `JSONDecoder` can judge);
/// the transaction is then rolled back and the caller imports the decoded seed.
///
/// ```swift
/// if let summary = try await SeedStreamImport(database: db, seed: file).run(prebuild: nil, alsoWrite: nil) { … }
/// ```
struct SeedStreamImport {
    let database: AppDatabase
    let seed: VerifiedSeedFile

    func run(
        prebuild: FacetIndexPrebuild?, alsoWrite: (@Sendable (Database, ImportSummary) throws -> Void)?
    ) async throws -> ImportSummary? {
        let (path, name, sha) = (seed.path, seed.name, seed.sha256)
        let timer = PhaseTimer.current
        do {
            return try await database.bulkWrite(writingOnceIf: Self.catalogIsEmpty) { db -> ImportSummary? in
                let updating = try !Self.catalogIsEmpty(db)
                var writer = try SeedStreamWriter(db, file: name, now: Timestamp.now(), updating: updating)
                try SeedStreamPipe<PreparedItem>.read(path: path, into: &writer, preparer: writer.preparer())
                timer?.mark(
                    updating
                        ? "seed streamed: each entry compared, changes written"
                        : "seed streamed: items, tags and facet index written")
                let summary = try writer.finish(index: { prebuild?.hold($0) })
                timer?.mark(updating ? "unlisted items hidden" : "indexes and search table written")
                _ = try CatalogStateRecord.filter(key: 1)
                    .updateAll(db, CatalogStateRecord.Columns.seedSHA256.set(to: sha))
                try alsoWrite?(db, summary)
                return summary
            }
        } catch SeedStreamError.unsure {
            timer?.mark("seed not streamable; decoding it whole")
            return nil
        } catch SeedStreamError.unreadable(_, let code) {
            throw LibraryClientError.unreachable(url: name, reason: String(cString: strerror(code)))
        } catch let diagnostic as Diagnostic {
            throw LibraryClientError.invalidDocument(diagnostic)
        }
    }

    /// No item and no pack yet.
    static func catalogIsEmpty(_ db: Database) throws -> Bool {
        try LibraryItemRecord.all().isEmpty(db) && PackRecord.all().isEmpty(db)
    }
}
