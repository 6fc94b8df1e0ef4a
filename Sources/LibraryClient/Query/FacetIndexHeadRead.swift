import FacetEngine
import Foundation

/// The head of the facet index file (``FacetIndex/mapping(_:)``: the item bytes and the value ids,
/// checked), read on a thread of its own from the moment this is made. A library opened to answer
/// queries (``Library/init(readingAt:mode:)``) starts it before it opens its database, so the two
/// overlap; the first query takes the result.
///
/// ```swift
/// let head = FacetIndexHeadRead(paths.facetIndex)
/// // … open the database …
/// if case .success(let found) = await head.result, found.stamp == stamp.text { use(found.index) }
/// ```
final class FacetIndexHeadRead: Sendable {
    private let task: Task<Result<(index: FacetIndex, stamp: String), any Error>, Never>

    init(_ url: URL) {
        task = Task.detached { Result { try FacetIndex.mapping(url) } }
    }

    /// The index loaded by sections with the stamp found in the file, or why it could not be read.
    var result: Result<(index: FacetIndex, stamp: String), any Error> {
        get async { await task.value }
    }
}
