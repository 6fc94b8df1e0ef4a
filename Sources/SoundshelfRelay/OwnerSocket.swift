import Crypto
import Foundation
import HummingbirdWebSocket
import Logging
import NIOCore
import SoundshelfServer

/// The relay's end of an owner's WebSocket (docs/FORMAT.md §15.3): `hello` first (within
/// ``helloTimeout``), then `welcome`; from then on the owner's messages change its session and the
/// relay's (`players`, `fetch`, `clock` answers) go out in order through one stream.
struct OwnerSocket {
    let sessions: RelaySessions
    let cache: RelayFileCache
    let logger: Logger

    static let helloTimeout: Duration = .seconds(10)

    /// A file arriving in binary pieces after its `file` message.
    private struct Arriving {
        let id: Int
        let sha256: String
        let size: Int
        let contentType: String
        var bytes: ByteBuffer
    }

    /// `session`: the id in the socket's path (`/s/{session}/owner`, by which a proxy in front of
    /// several relays sends the owner and its players to the same one); `hello` must name it.
    func run(session path: String, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        var messages = inbound.messages(maxSize: RelayMessage.maxText).makeAsyncIterator()
        guard case .text(let text)? = try await messages.next(), let hello = try? RelayMessage.decoded(text),
            hello.type == .hello, let id = hello.session, let secret = hello.secret
        else {
            try await refuse("the first message is hello {session, secret}", outbound)
            return
        }
        guard id == path else {
            try await refuse("hello names session \(id) on the socket of session \(path)", outbound)
            return
        }
        let session: RelaySession
        switch sessions.attach(id: id, secret: secret) {
        case .refused(let reason):
            try await refuse(reason, outbound)
            return
        case .attached(let attached): session = attached
        }
        let socket = UUID()
        let (stream, outgoing) = AsyncStream.makeStream(of: String.self)
        session.connect(socket, outgoing)
        defer {
            outgoing.finish()
            session.disconnect(socket)
        }
        try await outbound.write(.text(try RelayMessage(type: .welcome, session: id, now: ServerClock.now()).encoded()))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await text in stream { try await outbound.write(.text(text)) }
            }
            var arriving: Arriving?
            while let message = try await messages.next() {
                switch message {
                case .text(let text): try receive(text, session: session, arriving: &arriving)
                case .binary(var buffer): try receive(&buffer, session: session, arriving: &arriving)
                }
            }
            outgoing.finish()
            group.cancelAll()
        }
    }

    private func refuse(_ reason: String, _ outbound: WebSocketOutboundWriter) async throws {
        try await outbound.write(.text(try RelayMessage(type: .refused, message: reason).encoded()))
        try await outbound.close(.policyViolation, reason: nil)
    }

    private func receive(_ text: String, session: RelaySession, arriving: inout Arriving?) throws {
        let message: RelayMessage
        do { message = try RelayMessage.decoded(text) } catch {
            logger.warning("session \(session.id): a message that is not one: \(error)")
            return
        }
        switch message.type {
        case .state:
            session.origins = message.origins ?? []
            session.hub.restore(
                listeners: message.listeners ?? [],
                snapshot: message.snapshot ?? ListenSnapshot(now: 0, layers: [], kinds: [:], recent: []))
        case .grant: if let listener = message.listener { session.hub.add(listener) }
        case .revoke: if let token = message.token { session.hub.revoke(token) }
        case .listen:
            guard let event = message.event, event.problem == nil else { return }
            session.hub.post(event)
        case .clock: session.send(RelayMessage(type: .clock, sent: message.sent, now: ServerClock.now()))
        case .file:
            guard let id = message.id, let sha = message.sha256, let size = message.bytes, size >= 0 else { return }
            guard size <= RelayMessage.maxFile else {
                fail(id, "the file is \(size) bytes, more than the relay takes", session: session)
                return
            }
            var bytes = ByteBuffer()
            bytes.reserveCapacity(size)
            arriving = Arriving(
                id: id, sha256: sha.lowercased(), size: size,
                contentType: message.contentType ?? "application/octet-stream", bytes: bytes)
            if size == 0 { finish(&arriving, session: session) }
        case .missing:
            if let id = message.id {
                fail(id, message.message ?? "the game master's library has no such file", session: session)
            }
        default: break
        }
    }

    private func receive(_ buffer: inout ByteBuffer, session: RelaySession, arriving: inout Arriving?) throws {
        guard var file = arriving else { return }
        guard file.bytes.readableBytes + buffer.readableBytes <= file.size else {
            arriving = nil
            fail(file.id, "the owner sent more bytes than it announced", session: session)
            return
        }
        file.bytes.writeBuffer(&buffer)
        arriving = file
        if file.bytes.readableBytes == file.size { finish(&arriving, session: session) }
    }

    private func finish(_ arriving: inout Arriving?, session: RelaySession) {
        guard let file = arriving else { return }
        arriving = nil
        let digest = SHA256.hash(data: file.bytes.readableBytesView).map { String(format: "%02x", $0) }.joined()
        guard digest == file.sha256 else {
            fail(file.id, "the bytes' SHA-256 is \(digest), not the \(file.sha256) announced", session: session)
            return
        }
        session.answer(
            file.id,
            with: .success(RelayFileCache.File(sha256: digest, bytes: file.bytes, contentType: file.contentType)),
            cache: cache)
    }

    private func fail(_ id: Int, _ reason: String, session: RelaySession) {
        let key = session.asked(id)
        session.answer(
            id, with: .failure(.fileUnavailable(item: key?.item ?? "?", take: key?.take ?? 0, reason: reason)),
            cache: cache)
    }
}
