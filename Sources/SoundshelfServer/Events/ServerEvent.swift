import Foundation
import Hummingbird
import LibraryClient
import LibraryJSON
import ServiceLifecycle

/// One Server-Sent Event: `event: NAME` and `data: JSON` (one line), or a comment line (the
/// heartbeat). Its bytes are made once and written as they are to every stream it goes to.
package struct ServerEvent: Sendable {
    package let bytes: ByteBuffer

    /// The event as it goes on the wire.
    package var text: String { String(buffer: bytes) }

    package init(name: String, json: some Encodable) throws {
        let data = try LibraryJSON.line(json)
        var buffer = ByteBuffer()
        buffer.reserveCapacity(name.utf8.count + data.count + 16)
        buffer.writeString("event: \(name)\ndata: ")
        buffer.writeBytes(data)
        buffer.writeString("\n\n")
        bytes = buffer
    }

    private init(text: String) { bytes = ByteBuffer(string: text) }

    static let heartbeat = ServerEvent(text: ": heartbeat\n\n")
    static let hello = ServerEvent(text: ": connected\n\n")

    /// A `text/event-stream` answer writing each event of `stream` until it ends (the client went
    /// away, the server shuts down, or a listen link was revoked).
    package static func response(_ stream: AsyncStream<ServerEvent>) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                for await event in stream.cancelOnGracefulShutdown() {
                    try await writer.write(event.bytes)
                }
                try await writer.finish(nil)
            })
    }
}

/// The data of a `pack` event: `{"packId", "phase", "state", "bytesDownloaded", "bytesTotal", "message",
/// "reused", "reusedBytes", "downloaded", "retries"}` — `bytesTotal` counts only the bytes to fetch;
/// `reused` is the installed files linked instead (`reusedBytes` their size); `downloaded` the bytes
/// fetched so far; `retries` the requests tried again after a transient failure.
struct PackEventJSON: Encodable {
    let packId, phase, state: String
    let bytesDownloaded, bytesTotal: Int64
    let message: String?
    let reused: Int
    let reusedBytes: Int64
    let retries: Int

    init(_ event: PackDownloadEvent) {
        packId = event.packID
        phase = event.phase.rawValue
        state = event.state.rawValue
        bytesDownloaded = event.bytesDownloaded
        bytesTotal = event.bytesTotal
        message = event.message
        reused = event.reusedFiles
        reusedBytes = event.reusedBytes
        retries = event.retries
    }

    enum CodingKeys: String, CodingKey {
        case packId, phase, state, bytesDownloaded, bytesTotal, message, reused, reusedBytes, downloaded, retries
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(packId, forKey: .packId)
        try c.encode(phase, forKey: .phase)
        try c.encode(state, forKey: .state)
        try c.encode(bytesDownloaded, forKey: .bytesDownloaded)
        try c.encode(bytesTotal, forKey: .bytesTotal)
        try c.encode(message, forKey: .message)
        try c.encode(reused, forKey: .reused)
        try c.encode(reusedBytes, forKey: .reusedBytes)
        try c.encode(retries, forKey: .retries)
        try c.encode(bytesDownloaded, forKey: .downloaded)
    }
}

/// The data of a `library` event: `{"catalogVersion", "lastSyncAt", "generation"}`.
struct CatalogStatusJSON: Encodable {
    let status: CatalogStatus

    enum CodingKeys: String, CodingKey { case catalogVersion, lastSyncAt, generation }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(status.catalogVersion, forKey: .catalogVersion)
        try c.encode(status.lastSyncAt, forKey: .lastSyncAt)
        try c.encode(status.generation, forKey: .generation)
    }
}

/// The data of a `favorites` event: `{"total"}`.
struct FavoritesTotalJSON: Encodable { let total: Int }
