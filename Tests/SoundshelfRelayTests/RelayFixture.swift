import CatalogFormat
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import SoundshelfRelay
import SoundshelfServer
import Synchronization

/// A relay in-process, listening on a free loopback port (`app.test(.live)`), and owners that speak
/// its protocol message by message (a scripted `client serve`).
enum RelayFixture {
    static let key = "relay-key-for-the-tests-0123"

    static func relay(
        grace: TimeInterval = 300, guessLimit: Int = 20, fetchTimeout: Duration = .seconds(30)
    ) -> RelayServer {
        RelayServer(
            host: "127.0.0.1", port: 0, keys: RelayKeys(keys: [key]), grace: grace, guessLimit: guessLimit,
            fetchTimeout: fetchTimeout)
    }

    /// Runs `body` with a live client of `relay`.
    static func test(
        _ relay: RelayServer = relay(), _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await relay.buildApplication().test(.live, body)
    }
}

/// An owner's socket to the relay, driven by a test: messages sent as given, every message
/// received kept (text decoded), answered by `onFetch` when the relay asks for a file.
final class ScriptedOwner: @unchecked Sendable {
    let session: String
    let secret: String
    private let received = Mutex<[RelayMessage]>([])
    private let outgoing: AsyncStream<WebSocketOutboundWriter.OutboundFrame>.Continuation
    private let stream: AsyncStream<WebSocketOutboundWriter.OutboundFrame>
    private var task: Task<WebSocketCloseFrame?, any Error>?
    /// The files this owner holds: (item, take) → bytes; a fetch of another is answered `missing`.
    let files = Mutex<[String: Data]>([:])
    /// Sends bytes whose hash is not the one announced, to test the relay's check.
    let lies = Mutex(false)
    /// Never answers a fetch (a soundboard that hangs).
    let mute = Mutex(false)

    init(session: String = RelayMessage.randomID(), secret: String = AccessToken.random()) {
        self.session = session
        self.secret = secret
        (stream, outgoing) = AsyncStream.makeStream()
    }

    var messages: [RelayMessage] { received.withLock { $0 } }

    /// Connects with `key` and says hello; the socket runs until ``close()``.
    func connect(port: Int, key: String = RelayFixture.key) {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(key)"
        let hello = (try? RelayMessage(type: .hello, session: session, secret: secret).encoded()) ?? ""
        let stream = self.stream
        task = Task {
            try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/s/\(session)/owner",
                configuration: .init(maxFrameSize: RelayMessage.maxText, additionalHeaders: headers),
                logger: Logger(label: "owner")
            ) { inbound, outbound, _ in
                try await outbound.write(.text(hello))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { for await frame in stream { try await outbound.write(frame) } }
                    for try await message in inbound.messages(maxSize: RelayMessage.maxText) {
                        guard case .text(let text) = message, let decoded = try? RelayMessage.decoded(text) else {
                            continue
                        }
                        self.received.withLock { $0.append(decoded) }
                        if decoded.type == .fetch { self.answer(decoded) }
                    }
                    group.cancelAll()
                }
            }
        }
    }

    func send(_ message: RelayMessage) throws { outgoing.yield(.text(try message.encoded())) }

    /// Waits until a received message satisfies `accept` (up to 10 s).
    func wait(for accept: (RelayMessage) -> Bool) async throws -> RelayMessage? {
        for _ in 0..<200 {
            if let found = messages.first(where: accept) { return found }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// Ends the socket (the relay sees the owner leave).
    func close() async {
        outgoing.finish()
        task?.cancel()
        _ = try? await task?.value
    }

    private func answer(_ fetch: RelayMessage) {
        if mute.withLock({ $0 }) { return }
        let key = "\(fetch.item ?? "")/\(fetch.take ?? 0)"
        guard let id = fetch.id, let data = files.withLock({ $0[key] }) else {
            try? send(RelayMessage(type: .missing, id: fetch.id, message: "no such file here"))
            return
        }
        let announced = lies.withLock { $0 } ? String(repeating: "0", count: 64) : SHA256Digest.hex(of: data)
        try? send(RelayMessage(type: .file, id: id, sha256: announced, bytes: data.count, contentType: "audio/wav"))
        var offset = 0
        while offset < data.count {
            let end = min(offset + RelayMessage.chunk, data.count)
            outgoing.yield(.binary(ByteBuffer(bytes: data[offset..<end])))
            offset = end
        }
    }
}
