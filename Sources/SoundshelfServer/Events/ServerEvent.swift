import Foundation
import LibraryClient
import LibraryJSON

/// One Server-Sent Event: `event: NAME` and `data: JSON`, or a comment line (the heartbeat).
struct ServerEvent: Sendable {
    let text: String

    init(name: String, data: Data) {
        // The encoder pretty-prints; SSE data is one line per `data:` field, so keep it compact.
        let json = String(decoding: data, as: UTF8.self)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        text = "event: \(name)\ndata: \(json)\n\n"
    }

    init(name: String, json: some Encodable) throws {
        self.init(name: name, data: try LibraryJSON.encode(json))
    }

    private init(text: String) { self.text = text }

    static let heartbeat = ServerEvent(text: ": heartbeat\n\n")
    static let hello = ServerEvent(text: ": connected\n\n")
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
