import GRDB

/// The positions of a statement's result columns, looked up by name once. Loops over many rows
/// (the facet index load, the import's snapshot of the existing catalog) read each row at these
/// positions; a column missing from the SELECT is an error, never a wrong value.
///
/// ```swift
/// let statement = try db.makeStatement(sql: "SELECT item_number, kind FROM library_item")
/// let column = ColumnPositions(statement)
/// let number = try column["item_number"], kind = try column["kind"]
/// let rows = try Row.fetchCursor(statement)
/// while let row = try rows.next() { use(row[number] as Int64, row[kind] as String) }
/// ```
struct ColumnPositions {
    let statement: Statement

    init(_ statement: Statement) { self.statement = statement }

    subscript(name: String) -> Int {
        get throws {
            guard let index = statement.index(ofColumn: name) else {
                throw DatabaseError(
                    resultCode: .SQLITE_ERROR,
                    message: "no column '\(name)' in: \(statement.sql)")
            }
            return index
        }
    }
}
