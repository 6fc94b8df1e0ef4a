import CatalogFormat
import Foundation

/// Builds the facet index of a first import from the rows the importer is writing, on a thread
/// of its own, while SQLite finishes the transaction (secondary indexes, search table, commit).
/// The index is then ready when the commit returns, instead of being read back from the
/// database afterwards. Only for an import into empty tables, where the rows written are
/// exactly what the database will hold; everything else rebuilds from SQLite.
///
/// ```swift
/// let prebuild = FacetIndexPrebuild()
/// prebuild.start(items)            // inside the write transaction
/// let index = prebuild.result()    // after the commit; nil when never started
/// ```
final class FacetIndexPrebuild: @unchecked Sendable {
    /// What the index needs of one item.
    struct Item: Sendable {
        var number: UInt32
        var kind: Kind
        var tags: [TagDimension: [Int64]]
    }

    private let lock = NSLock()
    private var build: BackgroundResult<FacetIndex>?
    private var finished: FacetIndex?

    /// Hands over an index already built from exactly the rows written (a streamed import's).
    func finish(_ index: FacetIndex) {
        lock.withLock { finished = index }
    }

    /// Starts building from `items` (all visible) on another thread.
    func start(_ items: [Item]) {
        let build = BackgroundResult(name: "facet-prebuild") {
            var builder = FacetIndex.Builder()
            for item in items.sorted(by: { $0.number < $1.number }) {
                builder.add(item: item.number, kind: item.kind, visible: true, tags: item.tags)
            }
            return builder.build()
        }
        lock.withLock { self.build = build }
    }

    /// The built index, waiting for the build to finish; nil when no build was started.
    func result() -> FacetIndex? {
        let (finished, build) = lock.withLock { (self.finished, self.build) }
        return finished ?? build?.value()
    }
}
