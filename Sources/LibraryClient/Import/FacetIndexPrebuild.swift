import CatalogModel
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

    private let condition = NSCondition()
    private var started = false
    private var built: FacetIndex?

    /// Starts building from `items` (all visible) on another thread.
    func start(_ items: [Item]) {
        condition.withLock { started = true; built = nil }
        let thread = Thread { [self] in
            var builder = FacetIndex.Builder()
            for item in items.sorted(by: { $0.number < $1.number }) {
                builder.add(item: item.number, kind: item.kind, visible: true, tags: item.tags)
            }
            let index = builder.build()
            condition.withLock {
                built = index
                condition.broadcast()
            }
        }
        thread.name = "soundshelf.facet-prebuild"
        thread.start()
    }

    /// The built index, waiting for the build to finish; nil when no build was started.
    func result() -> FacetIndex? {
        condition.withLock {
            guard started else { return nil }
            while built == nil { condition.wait() }
            return built
        }
    }
}
