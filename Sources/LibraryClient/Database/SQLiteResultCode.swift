import Foundation
import GRDB

/// SQLite's (extended) result code of a failed database operation, so an app can tell a busy
/// database from a corrupt or full one without reading messages.
///
/// ```swift
/// catch LibraryClientError.database(_, let code, _) where code.isBusy { retryLater() }
/// ```
public struct SQLiteResultCode: Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (e.g. 5 = SQLITE_BUSY, 11 = SQLITE_CORRUPT, 13 = SQLITE_FULL).
    public let rawValue: Int32

    /// The code SQLite returned (an extended result code).
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary result code (the low 8 bits).
    public var primary: Int32 { rawValue & 0xFF }
    /// Another connection holds a lock longer than the busy timeout.
    public var isBusy: Bool { primary == 5 || primary == 6 }
    /// The file is damaged or not a database.
    public var isCorrupt: Bool { primary == 11 || primary == 26 }
    /// The disk is full.
    public var isFull: Bool { primary == 13 }
    /// The file or its folder cannot be written or opened.
    public var isPermissionProblem: Bool { primary == 8 || primary == 14 || primary == 23 || primary == 3 }

    public var description: String { "SQLite code \(rawValue)" }

    /// What the code means, appended to the error sentence.
    var meaning: String {
        if isBusy { return "; another process holds the database" }
        if isCorrupt { return "; the database file is damaged" }
        if isFull { return "; the disk is full" }
        if primary == 8 { return "; the data root is read-only" }
        if isPermissionProblem { return "; the data root cannot be read or written (permissions)" }
        return ""
    }
}

extension LibraryClientError {
    /// The library error for a GRDB failure on the database at `path`. When the disk is full (the
    /// code says so, or an I/O error met a disk with less than 1 MiB free) its
    /// message is the sentence every full-disk error says, with what the disk has free (SQLite
    /// does not say how much it needed: at least one 4 KiB page more than that).
    static func database(_ error: DatabaseError, path: String) -> LibraryClientError {
        let code = SQLiteResultCode(rawValue: error.extendedResultCode.rawValue)
        let folder = (path as NSString).deletingLastPathComponent
        // An I/O error on a disk with almost nothing free is the full disk too (the WAL index
        // that cannot grow says SQLITE_IOERR_SHMSIZE, not SQLITE_FULL).
        if let free = DiskSpace.free(at: folder), code.isFull || (code.primary == 10 && free < 1 << 20) {
            return .database(
                path: path, code: code.isFull ? code : SQLiteResultCode(rawValue: 13),
                message: "the disk is full at \(folder): at least \(free + 4096) bytes needed, \(free) free")
        }
        return .database(path: path, code: code, message: error.message ?? "\(error.resultCode)")
    }
}
