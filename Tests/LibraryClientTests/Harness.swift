import CatalogModel
import Foundation
import GRDB
import TestSupport

@testable import LibraryClient

/// A data root and a catalog folder in a temporary directory, for one test.
final class Harness: @unchecked Sendable {
    let tmp: TemporaryDirectory
    let root: URL
    let fixture: FixtureCatalog
    let mode: Library.QueryMode
    private var opened: Library?

    init(mode: Library.QueryMode = .facetIndex) throws {
        tmp = try TemporaryDirectory(prefix: "libclient")
        root = tmp.url.appendingPathComponent("root")
        fixture = FixtureCatalog(folder: tmp.url.appendingPathComponent("dist"))
        self.mode = mode
    }

    var library: Library {
        get throws {
            if let opened { return opened }
            let lib = try Library(root: root, mode: mode)
            opened = lib
            return lib
        }
    }

    /// A second library over the same root (a fresh process, as far as the library can tell).
    func reopen(mode: Library.QueryMode? = nil) throws -> Library {
        try Library(root: root, mode: mode ?? self.mode)
    }

    @discardableResult
    func sync(force: Bool = false, trustKey: String? = nil, allowDowngrade: Bool = false) async throws -> SyncResult {
        try await library.sync(
            SyncOptions(
                catalog: fixture.folder, force: force, trustKeyFile: trustKey,
                allowDowngrade: allowDowngrade))
    }

    @discardableResult
    func publishAndSync(_ seed: Seed, version: Int? = nil) async throws -> SyncResult {
        try fixture.publish(seed: seed, catalogVersion: version)
        return try await sync()
    }

    /// Row counts of every table.
    func rowCounts() async throws -> [String: Int] {
        try await library.database.writer.read { db in
            var result: [String: Int] = [:]
            for table in try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%search_%'"
            ) {
                result[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(table)\"")
            }
            return result
        }
    }

    /// Every row of every table as text, for byte-for-byte "nothing changed" comparisons.
    func dump() async throws -> String {
        try await library.database.writer.read { db in
            var out = ""
            for table in try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            {
                out += "## \(table)\n"
                let order = (1...max(1, try db.columns(in: table).count)).map(String.init).joined(separator: ", ")
                for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\" ORDER BY \(order)") {
                    out += "\(row)\n"
                }
            }
            return out
        }
    }

    func ids(_ rows: [LibraryItemRow]) -> Set<String> { Set(rows.map(\.id)) }
}

/// Deterministic test ids.
func tid(_ n: Int) -> String { SeedFactory.id(n) }
