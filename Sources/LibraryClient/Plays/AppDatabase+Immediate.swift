import CatalogFormat
import Foundation
import GRDB

extension AppDatabase {
    /// Runs `body` in one IMMEDIATE transaction: the write lock is taken before anything is read,
    /// so two processes deciding from the same rows never both write on a stale view.
    func writeImmediate<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                guard let result else {
                    throw ListeningError.unknownStoredValue(column: "transaction", value: "no result")
                }
                return result
            }
        } catch let error as DatabaseError {
            throw LibraryClientError.database(error, path: path)
        }
    }
}

/// Reading stored ISO-8601 text back into dates.
enum StoredTime {
    static func date(_ text: String, column: String = "played_at") throws -> Date {
        guard let date = ISO8601.date(text) else {
            throw ListeningError.unknownStoredValue(column: column, value: text)
        }
        return date
    }
}
