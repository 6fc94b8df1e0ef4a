import Foundation
import GRDB

/// A pack's checks as `packer validate` and `catalog publish` made them (the caller's encoding),
/// with what they were made from: pack.yaml and every file it names, stamped together.
///
/// ```swift
/// state.savePackCheck(PackCheckRecord(path: file, context: context, inputs: [...], stamp: stamp, check: data, sound: data2))
/// ```
package struct PackCheckRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    package static let databaseTableName = "packCheck"

    /// pack.yaml's path, as the tool was given it.
    package var path: String
    /// The tool and the catalog settings the checks were made under.
    package var context: String
    /// The files the checks read besides pack.yaml, relative to its folder, one a line.
    package var inputs: Data
    /// pack.yaml's stat, then each input's (``FileStamp/encoded``).
    package var stamp: Data
    /// The checks (the caller's encoding).
    package var check: Data
    /// The sound checks (the caller's encoding); nil when the run that made the record did not
    /// measure the audio (a publish).
    package var sound: Data?

    package enum Columns {
        static let path = Column(CodingKeys.path)
        static let context = Column(CodingKeys.context)
    }

    package init(path: String, context: String, inputs: Data, stamp: Data, check: Data, sound: Data?) {
        self.path = path
        self.context = context
        self.inputs = inputs
        self.stamp = stamp
        self.check = check
        self.sound = sound
    }

    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { table in
            table.primaryKey("path", .text)
            table.column("context", .text).notNull()
            table.column("inputs", .blob).notNull()
            table.column("stamp", .blob).notNull()
            table.column("check", .blob).notNull()
            table.column("sound", .blob)
        }
    }
}

extension BuildStateStore {
    /// The stamp the record of the pack.yaml at `path` was made with, when it was made in
    /// `context` and neither pack.yaml nor any file it names has changed since (the checks
    /// themselves are not read).
    package func currentPackStamp(path: String, context: String) -> FileStamp? {
        // Raw SQL: two columns of one row, without the checks' blob (soundshelf-bench publish).
        guard
            let row = try? queue.read({ db in
                try Row.fetchOne(
                    db, sql: "SELECT inputs, stamp FROM packCheck WHERE path = ? AND context = ?",
                    arguments: [path, context])
            }), let inputsData = row["inputs"] as Data?, let stampData = row["stamp"] as Data?,
            let kept = FileStamp(encoded: stampData)
        else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        let inputs = String(decoding: inputsData, as: UTF8.self).split(separator: "\n").map {
            (folder as NSString).appendingPathComponent(String($0))
        }
        let now = FileStamp(paths: [path] + inputs)
        return now.sameFiles(as: kept) ? kept : nil
    }

    /// The record of the pack.yaml at `path` made in `context`, when neither pack.yaml nor any file
    /// it names has changed since; with the stamp it still has.
    package func currentPackCheck(path: String, context: String) -> (record: PackCheckRecord, stamp: FileStamp)? {
        guard let stamp = currentPackStamp(path: path, context: context),
            let record = try? queue.read({ db in
                try PackCheckRecord.filter(PackCheckRecord.Columns.path == path).fetchOne(db)
            }), record.context == context
        else { return nil }
        return (record, stamp)
    }

    /// Keeps `record` when its stamp is settled (a file written within the last tick is read again
    /// next time); a store that cannot be written is left as it is.
    package func savePackCheck(_ record: PackCheckRecord, stamp: FileStamp) {
        guard stamp.isSettled else { return }
        try? queue.write { db in try record.save(db) }
    }
}
