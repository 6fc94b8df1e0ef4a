import CatalogModel
import Foundation
import GRDB

/// One play in the history, with the title its target had when it was played.
public struct HistoryPlay: Sendable, Hashable {
    /// The play's id.
    public var playID: String
    /// The item id, or `track:<trackId>`.
    public var target: String
    /// The target's title when it was played.
    public var title: String
    /// When it was played.
    public var at: Date
    /// Where the play came from.
    public var source: PlaySource
}

/// A page of history, newest first; `nextCursor` fetches the next (older) page, nil at the end.
public struct HistoryPage: Sendable, Hashable {
    /// The plays of this page, newest first.
    public var plays: [HistoryPlay]
    /// Pass to the next call to continue; nil on the last page.
    public var nextCursor: String?
}

/// The listening history, newest first, paged by an opaque URL-safe cursor (keyset paging: a
/// page costs the same however deep it is).
///
/// ```swift
/// var page = try await library.history.fetchHistory(limit: 50)
/// while let cursor = page.nextCursor { page = try await library.history.fetchHistory(limit: 50, after: cursor) }
/// ```
public struct HistoryRepository: Sendable {
    let context: LibraryContext

    /// Up to `limit` plays older than `cursor` (from an earlier page), at or after `since`.
    public func fetchHistory(limit: Int = 50, after cursor: String? = nil, since: Date? = nil) async throws
        -> HistoryPage
    {
        let position = try cursor.map(HistoryCursor.decode)
        let limit = max(0, limit)
        return try await context.database.read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let position {
                conditions.append("(played_at < ? OR (played_at = ? AND id < ?))")
                arguments += [position.playedAt, position.playedAt, position.rowID]
            }
            if let since {
                conditions.append("played_at >= ?")
                arguments += [ISO8601.string(Date(timeIntervalSince1970: since.timeIntervalSince1970.rounded(.up)))]
            }
            let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            arguments += [limit + 1]
            let rows = try PlayEventRecord.fetchAll(
                db,
                sql: """
                    SELECT * FROM play_event \(whereClause) ORDER BY played_at DESC, id DESC LIMIT ?
                    """, arguments: arguments)
            let page = rows.prefix(limit)
            let plays = try page.map {
                HistoryPlay(
                    playID: $0.playID, target: $0.target, title: $0.title, at: try StoredTime.date($0.playedAt),
                    source: try PlaySource.stored($0.source))
            }
            let next =
                rows.count > limit
                ? page.last.map { HistoryCursor(playedAt: $0.playedAt, rowID: $0.id ?? 0).encoded } : nil
            return HistoryPage(plays: plays, nextCursor: next)
        }
    }
}

/// The position after the last play of a page: its time and row, as base64url text.
struct HistoryCursor: Sendable, Hashable {
    var playedAt: String
    var rowID: Int64

    var encoded: String {
        Data("\(playedAt)|\(rowID)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String) throws -> HistoryCursor {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let plain = String(data: data, encoding: .utf8) else {
            throw ListeningError.invalidCursor(text)
        }
        let parts = plain.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 2, ISO8601.date(String(parts[0])) != nil, let rowID = Int64(parts[1]) else {
            throw ListeningError.invalidCursor(text)
        }
        return HistoryCursor(playedAt: String(parts[0]), rowID: rowID)
    }
}
