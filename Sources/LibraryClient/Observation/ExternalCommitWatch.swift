import Foundation
import GRDB

/// Notices commits made through other connections to the database — another process's `client
/// sync` or `client install`, which GRDB's own observation cannot see — by polling SQLite's
/// `PRAGMA data_version` on a dedicated connection once per `interval`, only while someone listens.
final class ExternalCommitWatch: @unchecked Sendable {
    private let path: String
    private let interval: Duration
    private let lock = NSLock()
    private var listeners: [UUID: AsyncStream<Void>.Continuation] = [:]
    private var poller: Task<Void, Never>?

    init(path: String, interval: Duration = .seconds(1)) {
        self.path = path
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
        let path = self.path
        let interval = self.interval
        return Task.detached { [weak self] in
            var configuration = Configuration()
            configuration.label = "ExternalCommitWatch"
            guard let connection = try? DatabaseQueue(path: path, configuration: configuration) else { return }
            func version() -> Int? {
                try? connection.inDatabase { try Int.fetchOne($0, sql: "PRAGMA data_version") }
            }
            var last = version()
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                let current = version()
                if current != last {
                    last = current
                    self?.notifyListeners()
                }
            }
        }
    }
}
