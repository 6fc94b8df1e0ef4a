import Foundation
import LibraryClient

/// The encoded JSON of recent answers read from the library (item lists, an item's details), by
/// request, sent again while nothing was committed to the library's database since they were read
/// (``CommitCounter``: this process's commits at once, another process's within about a second)
/// and for at most `maxAge`, since an answer also says whether each item's file is on disk, which
/// can change without a commit (a file removed by hand). An answer is kept only when no commit
/// landed while it was read, so a kept answer is never older than the count it is kept with.
/// A hit costs no database read, no thread hop to the database's queues and no encoding: what the
/// owner's page asks again and again answers in a fraction of the time while players listen.
final class LibraryAnswerCache: @unchecked Sendable {
    private struct Entry {
        let commits: UInt64
        let made: ContinuousClock.Instant
        let data: Data
    }

    private let commits: CommitCounter
    private let maxAge: Duration
    private let limit: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    init(commits: CommitCounter, maxAge: Duration = .seconds(2), limit: Int = 256) {
        self.commits = commits
        self.maxAge = maxAge
        self.limit = limit
    }

    /// The answer for `key`: the kept one when still current, else `read()`'s (kept when no commit
    /// landed meanwhile). A failure is never kept.
    func data(for key: String, read: () async throws -> Data) async throws -> Data {
        let seen = commits.value
        let now = ContinuousClock.now
        if let hit = lock.withLock({ entries[key] }), hit.commits == seen, now - hit.made < maxAge {
            return hit.data
        }
        let data = try await read()
        guard commits.value == seen else { return data }
        lock.withLock {
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(commits: seen, made: now, data: data)
        }
        return data
    }
}
