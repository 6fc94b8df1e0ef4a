import CatalogFormat
import FacetEngine
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

    /// An index built: in memory, or written to ``spill`` (stamped ``spillStamp``).
    enum Built: Sendable {
        case memory(FacetIndex)
        case file(URL)
    }

    private let lock = NSLock()
    private var build: BackgroundResult<FacetIndex>?
    private var finished: Built?
    /// Where a streamed import's index waits for the commit, out of memory (nil: in memory).
    let spill: URL?
    static let spillStamp = "prebuilt"

    init(spill: URL? = nil) {
        self.spill = spill
    }

    /// Hands over an index already built from exactly the rows written (a streamed import's),
    /// before SQLite finishes the transaction: written to ``spill`` and let go, so the memory
    /// it held serves SQLite's sorts (a million-item index is about 40 MB); kept in memory when
    /// there is no spill file or it cannot be written.
    func hold(_ index: FacetIndex) {
        if let spill, (try? index.write(to: spill, stamp: Self.spillStamp)) != nil {
            lock.withLock { finished = .file(spill) }
        } else {
            lock.withLock { finished = .memory(index) }
        }
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
    func result() -> Built? {
        let (finished, build) = lock.withLock { (self.finished, self.build) }
        return finished ?? build.map { .memory($0.value()) }
    }
}
