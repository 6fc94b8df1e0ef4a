import CatalogFormat
import GRDB

/// A live query for an app view: the current value first, then a new value after each committed
/// change that alters it, never the same value twice in a row. Changes made through this library
/// are seen at once; commits by another process (a `client sync` in a terminal, an app extension)
/// within about a second, through SQLite's `data_version`. Stop observing by ending the loop or
/// cancelling its task.
///
/// ```swift
/// let task = Task {
///     for try await page in library.items.observeItems(kind: .sfx, filters: Filters(), sort: .title, limit: 50) {
///         view.show(page.items)
///     }
/// }
/// task.cancel()   // stops the observation
/// ```
public struct LibraryObservation<Element: Sendable>: AsyncSequence, Sendable {
    public typealias AsyncIterator = AsyncThrowingStream<Element, any Error>.Iterator

    private let makeStream: @Sendable () -> AsyncThrowingStream<Element, any Error>

    init(_ makeStream: @escaping @Sendable () -> AsyncThrowingStream<Element, any Error>) {
        self.makeStream = makeStream
    }

    public func makeAsyncIterator() -> AsyncIterator { makeStream().makeAsyncIterator() }
}

extension LibraryObservation where Element: Equatable {
    /// Re-reads `fetch` after each commit that touched one of `tables`; emits changed values.
    static func tracking(
        _ database: AppDatabase, tables: [String],
        fetch: @escaping @Sendable (Database) throws -> Element
    ) -> LibraryObservation {
        derived(database, tables: tables, trigger: fetch) { $0 }
    }

    /// Reads a cheap `trigger` after each commit that touched one of `tables` — or, once a second,
    /// after a commit by another process (``ExternalCommitWatch``) — and when it changed, computes the
    /// value from it (asynchronously, e.g. from the facet index) and emits it when that changed too.
    static func derived<Trigger: Equatable & Sendable>(
        _ database: AppDatabase, tables: [String], trigger: @escaping @Sendable (Database) throws -> Trigger,
        value: @escaping @Sendable (Trigger) async throws -> Element
    ) -> LibraryObservation {
        LibraryObservation {
            AsyncThrowingStream { continuation in
                let triggers = ValueObservation.tracking(regions: tables.map { Table($0) }, fetch: trigger)
                    .removeDuplicates()
                    .values(in: database.reader)
                let external = database.externalCommits.changes()
                let task = Task {
                    do {
                        var lastInput: Trigger?
                        var last: Element?
                        for try await signal in ObservationSignals.merge(triggers, external) {
                            // This process's commits come with GRDB's value, fetched in commit order;
                            // after another process's commit, the trigger is read afresh.
                            let input: Trigger
                            switch signal {
                            case .value(let fetched): input = fetched
                            case .recheck: input = try await database.read(trigger)
                            }
                            guard input != lastInput else { continue }
                            lastInput = input
                            let next = try await value(input)
                            if next != last {
                                continuation.yield(next)
                                last = next
                            }
                        }
                        continuation.finish()
                    } catch is CancellationError {
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }
}

/// GRDB's values for this process's commits, merged with re-check requests after other processes'.
enum ObservationSignals<Value: Sendable> {
    case value(Value)
    case recheck

    static func merge<Values: AsyncSequence & Sendable>(_ values: Values, _ external: AsyncStream<Void>)
        -> AsyncThrowingStream<ObservationSignals, any Error> where Values.Element == Value
    {
        AsyncThrowingStream { continuation in
            let own = Task {
                do {
                    for try await value in values { continuation.yield(.value(value)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            let other = Task {
                for await _ in external { continuation.yield(.recheck) }
            }
            continuation.onTermination = { _ in
                own.cancel()
                other.cancel()
            }
        }
    }
}

/// The tables a query's rows depend on.
enum ObservedTables {
    /// What an item row (``LibraryItemRow``) shows: fields, pack, installed audio, favorite,
    /// and `catalog_state` (every sync writes it, so a sync is always noticed).
    static let itemRows = [
        "library_item", "pack_item", "item_local_audio", "local_asset", "favorite", "catalog_state", "item_take",
        "item_playback",
    ]
    /// Plus the tag joins, for lists with filters.
    static let filteredItems = itemRows + TagDimension.allCases.map(\.joinTable)

    static let scenes = ["scene", "scene_item"] + itemRows
    static let packs = ["pack", "pack_state", "pack_item", "library_item"]
}
