import Foundation
import GRDB

/// The files one push will store, on disk (a temporary table of the build state's connection)
/// rather than in memory: a first push of a million files queues a million rows and holds a
/// batch at a time. Each entry may name a copy source: a key of the destination that holds the
/// same bytes (``findCopySources(destination:limit:)``).
///
/// ```swift
/// let queue = try PushQueue(store: state)
/// try queue.add([PushQueue.Entry(path: "index.html", bytes: 812, sha256: sha, phase: 2, stat: nil)])
/// let batch = try queue.entries(phase: 2, after: 0, limit: 256)
/// ```
package final class PushQueue: Sendable {
    package struct Entry: Sendable {
        package var seq: Int64 = 0
        package var path: String
        package var bytes: Int64
        package var sha256: String
        package var phase: Int
        package var stat: FileStat?
        /// A key below the prefix holding the same bytes, to copy from.
        package var source: String? = nil

        package init(path: String, bytes: Int64, sha256: String, phase: Int, stat: FileStat?) {
            self.path = path
            self.bytes = bytes
            self.sha256 = sha256
            self.phase = phase
            self.stat = stat
        }
    }

    let store: BuildStateStore

    package init(store: BuildStateStore) throws {
        self.store = store
        try store.queue.write { db in
            try db.execute(
                sql: """
                    DROP TABLE IF EXISTS temp.pushQueue;
                    CREATE TEMP TABLE pushQueue (
                      seq INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, bytes INTEGER NOT NULL,
                      sha256 TEXT NOT NULL, phase INTEGER NOT NULL, localStat TEXT, source TEXT);
                    CREATE INDEX temp.pushQueue_phase ON pushQueue(phase, seq);
                    """)
        }
    }

    /// Queues `entries` in order.
    package func add(_ entries: [Entry]) throws {
        guard !entries.isEmpty else { return }
        try store.queue.write { db in
            let statement = try db.cachedStatement(
                sql: "INSERT INTO pushQueue (path, bytes, sha256, phase, localStat) VALUES (?, ?, ?, ?, ?)")
            for entry in entries {
                try statement.execute(arguments: [
                    entry.path, entry.bytes, entry.sha256, entry.phase,
                    entry.stat?.recordText,
                ])
            }
        }
    }

    /// How many files are queued, how many of them have a copy source, and the bytes of the others.
    package func totals() throws -> (files: Int, copies: Int, bytesToSend: Int64) {
        try store.queue.read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT count(*), count(source), coalesce(sum(CASE WHEN source IS NULL THEN bytes END), 0)
                    FROM pushQueue
                    """)
            return (row?[0] ?? 0, row?[1] ?? 0, row?[2] ?? 0)
        }
    }

    /// Gives each copyable entry (1 to `limit` bytes) without a source the first key of
    /// `destination` known to hold its SHA-256 that this push does not itself store (an entry
    /// is never copied from a key the push is about to replace).
    package func findCopySources(destination: String, limit: Int64) throws {
        try store.queue.write { db in
            try db.execute(
                sql: """
                    UPDATE pushQueue SET source = (
                      SELECT o.path FROM pushedObject o
                      WHERE o.destination = :destination AND o.sha256 = pushQueue.sha256
                        AND o.path NOT IN (SELECT path FROM pushQueue)
                      ORDER BY o.path LIMIT 1)
                    WHERE source IS NULL AND bytes BETWEEN 1 AND :limit
                    """, arguments: ["destination": destination, "limit": limit])
        }
    }

    /// Up to `count` paths after `after` of `destination` whose SHA-256 is unknown and whose size
    /// an entry without a copy source has: the objects a HEAD may find a copy source in.
    package func unknownCandidates(destination: String, limit: Int64, after: String, count: Int) throws -> [String] {
        try store.queue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT o.path FROM pushedObject o
                    WHERE o.destination = :destination AND o.sha256 IS NULL AND o.path > :after
                      AND o.bytes IN (SELECT bytes FROM pushQueue WHERE source IS NULL AND bytes BETWEEN 1 AND :limit)
                      AND o.path NOT IN (SELECT path FROM pushQueue)
                    ORDER BY o.path LIMIT :count
                    """,
                arguments: ["destination": destination, "after": after, "limit": limit, "count": count])
        }
    }

    /// Up to `limit` entries of `phase` after sequence number `after`, in queue order.
    package func entries(phase: Int, after: Int64, limit: Int) throws -> [Entry] {
        try fetch("WHERE phase = ? AND seq > ? ORDER BY phase, seq LIMIT ?", [phase, after, limit])
    }

    /// Up to `limit` entries after sequence number `after` with (or without) a copy source.
    package func entries(copied: Bool, after: Int64, limit: Int) throws -> [Entry] {
        try fetch("WHERE source IS \(copied ? "NOT " : "")NULL AND seq > ? ORDER BY seq LIMIT ?", [after, limit])
    }

    private func fetch(_ clause: String, _ arguments: StatementArguments) throws -> [Entry] {
        try store.queue.read { db in
            try Row.fetchAll(
                db, sql: "SELECT seq, path, bytes, sha256, phase, localStat, source FROM pushQueue " + clause,
                arguments: arguments
            ).map { row in
                let stat = (row[5] as String?).flatMap(FileStat.init(recordText:))
                var entry = Entry(path: row[1], bytes: row[2], sha256: row[3], phase: row[4], stat: stat)
                entry.seq = row[0]
                entry.source = row[6]
                return entry
            }
        }
    }
}
