import Foundation
import HummingbirdWSClient
import LibraryClient

extension RelayLink {
    /// Handles the hub's changes and each connection's start in order: a connection gets the state
    /// first (read when its turn comes, so a change queued before it is in it), then every change
    /// after it; a change while no connection has the state is dropped (the next state holds it).
    func pump() async {
        for await item in work.stream {
            switch item {
            case .change(let change):
                guard let text = try? await message(for: change)?.encoded() else { continue }
                lock.withLock { _ = outgoing?.yield(.text(text)) }
            case .connected(let id, let continuation):
                guard lock.withLock({ connection == id }) else { continue }
                let state = await stateMessage()
                guard let text = try? state.encoded() else { continue }
                lock.withLock {
                    guard connection == id else { return }
                    continuation.yield(.text(text))
                    outgoing = continuation
                    lastError = nil
                }
            }
        }
    }

    /// Every live link, what plays now (in the relay's time, with the files' published places), and
    /// the origins they are published at.
    func stateMessage() async -> RelayMessage {
        var snapshot = clock.toRelay(hub.snapshot())
        var layers: [ListenEvent] = []
        for layer in snapshot.layers { layers.append(await published(layer)) }
        snapshot.layers = layers
        var recent: [ListenSnapshot.File] = []
        for file in snapshot.recent { recent.append(await published(file)) }
        snapshot.recent = recent
        let origins = (try? await library.items.fetchPublishedOrigins()) ?? []
        return RelayMessage(type: .state, listeners: hub.liveListeners(), snapshot: snapshot, origins: origins)
    }

    private func message(for change: ListenerHub.Change) async -> RelayMessage? {
        switch change {
        case .added(let listener): return RelayMessage(type: .grant, listener: listener)
        case .revoked(let token): return RelayMessage(type: .revoke, token: token)
        case .posted(let event): return RelayMessage(type: .listen, event: clock.toRelay(await published(event)))
        case .streams, .delays: return nil
        }
    }

    /// A `start` with its file's published URL and SHA-256, a `load` with its files'.
    private func published(_ event: ListenEvent) async -> ListenEvent {
        var event = event
        if event.type == "start", let item = event.item,
            let source = await sources.source(item: item, take: event.take ?? 0)
        {
            event.url = source.url
            event.sha256 = source.sha256
        }
        if let files = event.files {
            var sourced: [ListenSnapshot.File] = []
            for file in files { sourced.append(await published(file)) }
            event.files = sourced
        }
        return event
    }

    private func published(_ file: ListenSnapshot.File) async -> ListenSnapshot.File {
        guard let source = await sources.source(item: file.item, take: file.take) else { return file }
        return ListenSnapshot.File(item: file.item, take: file.take, url: source.url, sha256: source.sha256)
    }
}
