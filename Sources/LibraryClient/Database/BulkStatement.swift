import GRDB

#if canImport(GRDBSQLite)
    import GRDBSQLite
#elseif canImport(SQLite3)
    import SQLite3
#endif

/// A cached prepared statement driven through the SQLite C API, for the importer's hot loops
/// (hundreds of thousands of rows in one transaction): no argument arrays, no per-row
/// allocation. For plain INSERT/UPDATE/DELETE (``run(_:)``) and point reads (``query(_:row:)``)
/// inside a transaction the caller owns.
///
/// ```swift
/// let insert = try BulkStatement(db, "INSERT INTO item_mood(item_id, mood_id) VALUES (?, ?)")
/// try insert.run { $0.bind(1, itemId); $0.bind(2, moodId) }
/// let moods = try BulkStatement(db, "SELECT mood_id FROM item_mood WHERE item_id = ?")
/// try moods.query({ $0.bind(1, itemId) }) { ids.append($0.int64(0) ?? 0) }
/// ```
struct BulkStatement {
    private let handle: SQLiteStatement
    private let sql: String

    init(_ db: Database, _ sql: String) throws {
        handle = try db.cachedStatement(sql: sql).sqliteStatement
        self.sql = sql
    }

    /// Binds with `bind`, steps once, resets.
    func run(_ bind: (BulkStatement) -> Void) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        bind(self)
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(handle)))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
        }
        sqlite3_reset(handle)
    }

    /// Binds with `bind`, then hands each result row to `row` (read with ``int64(_:)``,
    /// ``double(_:)``, ``text(_:)``, 0-based columns); resets.
    func query(_ bind: (BulkStatement) -> Void, row: (BulkStatement) throws -> Void) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        bind(self)
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(handle)))
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
            }
            try row(self)
        }
    }

    func int64(_ column: Int32) -> Int64? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, column)
    }

    func double(_ column: Int32) -> Double? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_double(handle, column)
    }

    func text(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return String(
            decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func bind(_ index: Int32, _ value: String?) {
        guard let value else {
            sqlite3_bind_null(handle, index)
            return
        }
        if value.isEmpty {
            sqlite3_bind_text(handle, index, "", 0, Self.transient)
            return
        }
        var copy = value
        copy.withUTF8 { buffer in
            _ = sqlite3_bind_text(
                handle, index, buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                Int32(buffer.count), Self.transient)
        }
    }

    func bind(_ index: Int32, _ value: Int64?) {
        guard let value else {
            sqlite3_bind_null(handle, index)
            return
        }
        sqlite3_bind_int64(handle, index, value)
    }

    func bind(_ index: Int32, _ value: Int?) { bind(index, value.map(Int64.init)) }

    func bind(_ index: Int32, _ value: Double?) {
        guard let value else {
            sqlite3_bind_null(handle, index)
            return
        }
        sqlite3_bind_double(handle, index, value)
    }
}
