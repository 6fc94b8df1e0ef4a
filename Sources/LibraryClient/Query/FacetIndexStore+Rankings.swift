import CatalogFormat
import GRDB

extension FacetIndexStore {
    /// Every list order sorted and saved in one read of the database, with the state it was read
    /// in.
    struct SortedRankings: Sendable {
        var stamp: Stamp
        var rankings: [String: ItemRanking]
    }

    /// The key of an order in the in-memory cache.
    static func rankingKey(_ kind: Kind, _ sort: ItemSort) -> String { "\(kind.rawValue)/\(sort.rawValue)" }

    /// Sorts and saves every list order from SQLite without the facet index, so that a first
    /// import sorts them on a reader connection while the index is put in place on the other core
    /// (``adopt(_:)`` then keeps them). Best effort: nil when the read fails.
    ///
    /// ```swift
    /// async let sorted = store.sortEveryRanking()
    /// try await store.install(prebuilt: built)
    /// await store.adopt(await sorted)
    /// ```
    nonisolated func sortEveryRanking() async -> SortedRankings? {
        guard
            let sorted = try? await database.read({ db -> SortedRankings in
                var all: [String: ItemRanking] = [:]
                for kind in Kind.allCases {
                    for sort in ItemSort.allCases {
                        all[Self.rankingKey(kind, sort)] = try ItemRanking(kind: kind, sort: sort, db)
                    }
                }
                return SortedRankings(stamp: try Stamp.current(db), rankings: all)
            })
        else { return nil }
        for kind in Kind.allCases {
            for sort in ItemSort.allCases {
                try? sorted.rankings[Self.rankingKey(kind, sort)]?
                    .write(to: ItemRanking.file(kind: kind, sort: sort, root: paths.root), stamp: sorted.stamp.text)
            }
        }
        return sorted
    }

    /// Keeps orders sorted for the state the index is in now (others are dropped).
    func adopt(_ sorted: SortedRankings?) {
        guard let sorted, currentStamp == sorted.stamp else { return }
        for (key, ranking) in sorted.rankings { keep(ranking, key: key) }
    }
}
