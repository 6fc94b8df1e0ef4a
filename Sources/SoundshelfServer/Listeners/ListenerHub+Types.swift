import Foundation

extension ListenerHub {
    /// A listen link: its token and when it was made and ends.
    package struct ListenLink: Sendable, Codable, Equatable {
        package let token: String
        package let created: Date
        package let expires: Date

        package init(token: String, created: Date, expires: Date) {
            self.token = token
            self.created = created
            self.expires = expires
        }
    }

    /// What changed, for an observer that mirrors the hub elsewhere (`client serve --relay`).
    package enum Change: Sendable {
        case added(ListenLink)
        case revoked(String)
        case posted(ListenEvent)
        /// The streams open now changed (a player came or went): how many each token has.
        case streams([String: Int])
        /// A player reported how late events reach it: the latest delay (ms, p95) of each token.
        case delays([String: Double])
    }
}
