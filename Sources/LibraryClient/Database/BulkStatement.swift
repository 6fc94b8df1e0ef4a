import GRDB

#if canImport(GRDBSQLite)
    import GRDBSQLite
#elseif canImport(SQLite3)
    import SQLite3
#endif

/// A cached prepared statement driven through the SQLite C API, for the importer's hot loops
/// (hundreds of thousands of rows in one transaction): no argument arrays, no per-row
/// allocation. Only for plain INSERT/UPDATE/DELETE inside a transaction the caller owns.
///
/// ```swift
/// let insert = try BulkStatement(db, "INSERT INTO item_mood(item_id, mood_id) VALUES (?, ?)")
/// try insert.run { $0.bind(1, itemId); $0.bind(2, moodId) }
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
