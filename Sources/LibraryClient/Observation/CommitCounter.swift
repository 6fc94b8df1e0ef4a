import Foundation
import GRDB

/// A number that grows with every commit to a library's database: this process's commits are
/// counted as each one lands (before the write that made it returns), another process's within
/// about a second (``ExternalCommitWatch``). A cache of answers read from the library keeps each
/// answer with the count it was read at and may send it again while the count is unchanged.
///
/// ```swift
/// let commits = library.makeCommitCounter()
/// let seen = commits.value   // … later: commits.value == seen means nothing was committed since
/// ```
package final class CommitCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count: UInt64 = 0
    private var external: Task<Void, Never>?
    /// The writer's observer: GRDB holds it weakly, the counter keeps it.
    fileprivate var observer: AnyObject?

    /// The commits counted so far.
    package var value: UInt64 { lock.withLock { count } }

    fileprivate func bump() { lock.withLock { count &+= 1 } }

    fileprivate func follow(_ commits: AsyncStream<Void>) {
        external = Task { [weak self] in
            for await _ in commits { self?.bump() }
        }
    }

    deinit { external?.cancel() }
}

/// Counts the commits of the writer connection; it asks for no change events, so writes cost
/// nothing more than the call after each commit.
private final class CommitObserver: TransactionObserver, @unchecked Sendable {
    weak var counter: CommitCounter?

    init(_ counter: CommitCounter) { self.counter = counter }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { counter?.bump() }
    func databaseDidRollback(_ db: Database) {}
}

extension Library {
    /// A counter of this library's commits from now on (``CommitCounter``); it counts while it is
    /// referenced.
    package func makeCommitCounter() -> CommitCounter {
        let counter = CommitCounter()
        let observer = CommitObserver(counter)
        counter.observer = observer
        database.writer.add(transactionObserver: observer, extent: .observerLifetime)
        counter.follow(externalCommits())
        return counter
    }
}
