import Foundation

/// The first event of a listener's stream (`event: snapshot`): the server time, the layers playing
/// (their `start` events, with their current volume), the kinds' volumes, and the files started or
/// announced lately (`recent`: `{item, take}`, up to 64), which a joining page loads before they play.
package struct ListenSnapshot: Codable, Sendable, Equatable {
    package struct File: Codable, Sendable, Equatable {
        package let item: String
        package let take: Int
        /// Where the catalog publishes it and its SHA-256 (through a relay, for a library synced
        /// over HTTP(S)).
        package var url: String?
        package var sha256: String?

        package init(item: String, take: Int, url: String? = nil, sha256: String? = nil) {
            self.item = item
            self.take = take
            self.url = url
            self.sha256 = sha256
        }
    }

    package var now: Double
    package var layers: [ListenEvent]
    package var kinds: [String: Double]
    package var recent: [File]

    package init(now: Double, layers: [ListenEvent], kinds: [String: Double], recent: [File]) {
        self.now = now
        self.layers = layers
        self.kinds = kinds
        self.recent = recent
    }
}
