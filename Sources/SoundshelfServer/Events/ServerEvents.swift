import Foundation
import LibraryClient
import LibraryJSON
import ServiceLifecycle

/// The live events of `GET /api/events`, fed by the library's observations (which also notice
/// commits by other processes) and the download manager: `pack`, `library`, `favorites`, `scenes`,
/// `plays`. A service of the server: it stops observing at graceful shutdown and ends every stream.
final class ServerEvents: Service, @unchecked Sendable {
    private let library: Library
    private let heartbeat: Duration
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<ServerEvent>.Continuation] = [:]
    private var finished = false
    /// Subscribed at once, so no event of an install started right after the server listens is lost.
    private let packEvents: AsyncStream<PackDownloadEvent>
    /// Observations that have not read their first value yet, and who waits for them all.
    private var pendingObservations = 4
    private var readyWaiters: [CheckedContinuation<Void, Never>] = []

    /// The players' streams, ended with the others at shutdown (their tokens with them).
    private let listeners: ListenerHub?

    init(
        library: Library, manager: PackDownloadManager, listeners: ListenerHub? = nil,
        heartbeat: Duration = .seconds(15)
    ) {
        self.library = library
        self.listeners = listeners
        self.heartbeat = heartbeat
        packEvents = manager.events
    }

    /// Returns once every observation has read the state it compares later commits with, so a
    /// change made after the server announced itself is never taken for the starting state.
    func waitUntilObserving() async {
        await withCheckedContinuation { continuation in
            let ready = lock.withLock {
                if pendingObservations == 0 { return true }
                readyWaiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func observationStarted() {
        let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            pendingObservations -= 1
            guard pendingObservations == 0 else { return [] }
            defer { readyWaiters = [] }
            return readyWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// The events from now on, with a comment every ``heartbeat`` so proxies and browsers keep the
    /// connection; ends when the server shuts down or the client goes away.
    func subscribe() -> AsyncStream<ServerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ServerEvent.self, bufferingPolicy: .bufferingNewest(256))
        let key = UUID()
        let accepted = lock.withLock {
            guard !finished else { return false }
            subscribers[key] = continuation
            return true
        }
        guard accepted else {
            continuation.finish()
            return stream
        }
        continuation.yield(.hello)
        let interval = heartbeat
        let beat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { return }
                continuation.yield(.heartbeat)
            }
        }
        continuation.onTermination = { [weak self] _ in
            beat.cancel()
            guard let self else { return }
            self.lock.withLock { _ = self.subscribers.removeValue(forKey: key) }
        }
        return stream
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                let packEvents = self.packEvents
                let library = self.library
                group.addTask {
                    for await event in packEvents { self.send("pack", PackEventJSON(event)) }
                }
                group.addTask {
                    await self.forward(library.observeCatalogStatus(), as: "library") { CatalogStatusJSON(status: $0) }
                }
                group.addTask {
                    await self.forward(library.favorites.observeFavorites(limit: 1), as: "favorites") {
                        FavoritesTotalJSON(total: $0.total)
                    }
                }
                group.addTask {
                    await self.forward(library.scenes.observeScenes(), as: "scenes") { ScenesJSON($0) }
                }
                group.addTask {
                    await self.forward(library.history.observeHistory(limit: 1), as: "plays") { HistoryJSON($0) }
                }
            }
        }
        finishAll()
    }

    /// Sends every value of `observation` after its first (the state when the server started).
    private func forward<Value: Sendable, JSON: Encodable>(
        _ observation: LibraryObservation<Value>, as name: String, _ json: (Value) -> JSON
    ) async {
        var first = true
        defer { if first { observationStarted() } }
        do {
            for try await value in observation {
                if first {
                    first = false
                    observationStarted()
                    continue
                }
                send(name, json(value))
            }
        } catch {
            // An observation that fails ends; the page still gets the others and can reload.
            FileHandle.standardError.write(Data("warning: live '\(name)' events stopped: \(error)\n".utf8))
        }
    }

    private func send(_ name: String, _ json: some Encodable) {
        guard let event = try? ServerEvent(name: name, json: json) else { return }
        let targets = lock.withLock { Array(subscribers.values) }
        for target in targets { target.yield(event) }
    }

    private func finishAll() {
        let targets = lock.withLock {
            finished = true
            return Array(subscribers.values)
        }
        for target in targets { target.finish() }
        listeners?.finishAll()
    }
}
