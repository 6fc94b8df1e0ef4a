import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// A request on the relay: Hummingbird's core context, the WebSocket upgrade's handler slot (the
/// owner's socket), and the peer's address (token guesses are limited per address).
package struct RelayRequestContext: RequestContext, WebSocketRequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    package let webSocket: WebSocketHandlerReference<Self>
    package let remoteAddress: SocketAddress?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        remoteAddress = source.channel.remoteAddress
    }

    /// The peer's address as text (its IP, or "unknown").
    var peer: String { remoteAddress?.ipAddress ?? "unknown" }
}

extension RelayRequestContext {
    /// A path parameter; the router only matches when it is there.
    func parameter(_ name: String) throws -> String {
        guard let value = parameters.get(name) else { throw RelayError.notFound("path without \(name)") }
        return value
    }
}
