import CatalogFormat
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
        let limit = max(0, limit)
        return try await context.database.read { db in
            // Signed with this data root's key and tied to this list (and its --since), so an
            // altered cursor or one of another list or data root is refused.
            let codec = try CursorCodec(db)
            let query = PagedQuery(name: "history", parts: ["history", since.map(ISO8601.string) ?? ""])
            let position = try cursor.map {
                try HistoryCursor(codec.decode(PageCursor($0), for: query, keyCount: 2), cursor: $0)
            }
            let (playedAt, rowID) = (PlayEventRecord.Columns.playedAt, PlayEventRecord.Columns.id)
            var request = PlayEventRecord.order(playedAt.desc, rowID.desc)
            if let position {
                request = request.filter(
                    playedAt < position.playedAt || (playedAt == position.playedAt && rowID < position.rowID))
            }
            if let since {
                request = request.filter(
                    playedAt >= ISO8601.string(Date(timeIntervalSince1970: since.timeIntervalSince1970.rounded(.up))))
            }
            let rows = try request.limit(limit + 1).fetchAll(db)
            let page = rows.prefix(limit)
            let plays = try page.map {
                HistoryPlay(
                    playID: $0.playID, target: $0.target, title: $0.title, at: try StoredTime.date($0.playedAt),
                    source: try PlaySource.stored($0.source))
            }
            let next =
                rows.count > limit
                ? page.last.map {
                    codec.encode([$0.playedAt.databaseValue, ($0.id ?? 0).databaseValue], for: query).string
                }
                : nil
            return HistoryPage(plays: plays, nextCursor: next)
        }
    }
}

/// The position after the last play of a page: its time and row.
struct HistoryCursor: Sendable, Hashable {
    var playedAt: String
    var rowID: Int64

    /// The position from a checked cursor's two keys.
    init(_ keys: [DatabaseValue], cursor: String) throws {
        guard let playedAt = String.fromDatabaseValue(keys[0]), ISO8601.date(playedAt) != nil,
            let rowID = Int64.fromDatabaseValue(keys[1])
        else { throw PagingError.invalidCursor(cursor) }
        self.playedAt = playedAt
        self.rowID = rowID
    }
}
