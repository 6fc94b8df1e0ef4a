import GRDB

/// Inserts `(item_id, value_id)` rows into one join table many rows per statement
/// (`VALUES (?, ?), (?, ?), …`): one statement step per ``batchSize`` rows instead of one per
/// row, which is most of SQLite's per-row cost on a bulk import. Rows wait in a buffer until it
/// is full or ``flush()`` runs; call it before anything reads the table in the same transaction.
///
/// ```swift
/// let rows = try BatchedPairInsert(db, table: "item_mood", columns: ("item_id", "mood_id"))
/// try rows.add(itemID, 7)
/// try rows.flush()
/// ```
final class BatchedPairInsert {
    static let batchSize = 64
    private let batch: BulkStatement
    private let single: BulkStatement
    private var ids: [String] = []
    private var values: [Int64] = []

    init(_ db: Database, table: String, columns: (String, String)) throws {
        let head = "INSERT INTO \(table)(\(columns.0), \(columns.1)) VALUES "
        let tail = " ON CONFLICT DO NOTHING"
        let tuples = Array(repeating: "(?, ?)", count: Self.batchSize).joined(separator: ", ")
        batch = try BulkStatement(db, head + tuples + tail)
        single = try BulkStatement(db, head + "(?, ?)" + tail)
        ids.reserveCapacity(Self.batchSize)
        values.reserveCapacity(Self.batchSize)
    }

    func add(_ itemID: String, _ valueID: Int64) throws {
        ids.append(itemID)
        values.append(valueID)
        if ids.count == Self.batchSize {
            try batch.run { statement in
                for i in 0..<Self.batchSize {
                    statement.bind(Int32(2 * i + 1), ids[i])
                    statement.bind(Int32(2 * i + 2), values[i])
                }
            }
            ids.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
        }
    }

    /// Writes the rows still waiting, one statement each.
    func flush() throws {
        for i in ids.indices {
            try single.run {
                $0.bind(1, ids[i])
                $0.bind(2, values[i])
            }
        }
        ids.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }
}
