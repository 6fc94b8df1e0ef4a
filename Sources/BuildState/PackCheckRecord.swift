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
    /// The files the checks read besides pack.yaml, relative to its folder (JSON array).
    package var inputs: Data
    /// pack.yaml's stat, then each input's (JSON ``FileStamp``).
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
    /// The record of the pack.yaml at `path` made in `context`, when neither pack.yaml nor any file
    /// it names has changed since; with the stamp it still has.
    package func currentPackCheck(path: String, context: String) -> (record: PackCheckRecord, stamp: FileStamp)? {
        guard
            let record = try? queue.read({ db in
                try PackCheckRecord.filter(PackCheckRecord.Columns.path == path).fetchOne(db)
            }), record.context == context,
            let inputs = try? JSONDecoder().decode([String].self, from: record.inputs),
            let kept = try? JSONDecoder().decode(FileStamp.self, from: record.stamp)
        else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        let now = FileStamp(paths: [path] + inputs.map { (folder as NSString).appendingPathComponent($0) })
        return now.sameFiles(as: kept) ? (record, kept) : nil
    }

    /// Keeps `record` when its stamp is settled (a file written within the last tick is read again
    /// next time); a store that cannot be written is left as it is.
    package func savePackCheck(_ record: PackCheckRecord, stamp: FileStamp) {
        guard stamp.isSettled else { return }
        try? queue.write { db in try record.save(db) }
    }
}
