import Foundation
import GRDB

/// Notices commits made through other connections to the database — another process's `client
/// sync` or `client install`, which GRDB's own observation cannot see — by polling SQLite's
/// `PRAGMA data_version` once per `interval`, only while someone listens. It is read on this
/// process's writer connection, where it changes only for commits made through other connections:
/// this process's own commits (which GRDB delivers in order) never cause a re-check that could run
/// ahead of those values.
final class ExternalCommitWatch: @unchecked Sendable {
    private let writer: DatabasePool
    private let interval: Duration
    private let lock = NSLock()
    private var listeners: [UUID: AsyncStream<Void>.Continuation] = [:]
    private var poller: Task<Void, Never>?

    init(writer: DatabasePool, interval: Duration = .seconds(1)) {
        self.writer = writer
        self.interval = interval
    }

    deinit { poller?.cancel() }

    /// One element after each poll that saw a commit by another connection, from now on.
    func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let key = UUID()
        lock.withLock {
            listeners[key] = continuation
            if poller == nil { poller = startPolling() }
        }
        continuation.onTermination = { [weak self] _ in self?.remove(key) }
        return stream
    }

    private func remove(_ key: UUID) {
        lock.withLock {
            listeners.removeValue(forKey: key)
            if listeners.isEmpty {
                poller?.cancel()
                poller = nil
            }
        }
    }

    private func notifyListeners() {
        let targets = lock.withLock { Array(listeners.values) }
        for target in targets { target.yield() }
    }

    private func startPolling() -> Task<Void, Never> {
        let writer = self.writer
        let interval = self.interval
        return Task.detached { [weak self] in
            func version() async -> Int? {
                // Raw SQL: a PRAGMA has no query-interface form.
                try? await writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA data_version") }
            }
            var last = await version()
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                let current = await version()
                if current != last {
                    last = current
                    self?.notifyListeners()
                }
            }
        }
    }
}
