/// The music services' variables: a token, an API address and (Apple Music) a storefront.
///
/// ```swift
/// let token = ToolEnvironment.value(of: ToolEnvironment.appleMusic.token)   // SOUNDSHELF_APPLE_MUSIC_TOKEN
/// ```
extension ToolEnvironment {
    /// The names of one music service's variables.
    public struct MusicVariables: Sendable {
        /// The token's variable.
        public let token: String
        /// The Web API address's variable.
        public let api: String
        /// The storefront's variable, for a service that has storefronts.
        public let storefront: String?
    }

    /// `SOUNDSHELF_APPLE_MUSIC_TOKEN`, `SOUNDSHELF_APPLE_MUSIC_API`, `SOUNDSHELF_APPLE_MUSIC_STOREFRONT`.
    public static let appleMusic = MusicVariables(
        token: "SOUNDSHELF_APPLE_MUSIC_TOKEN", api: "SOUNDSHELF_APPLE_MUSIC_API",
        storefront: "SOUNDSHELF_APPLE_MUSIC_STOREFRONT")

    /// `SOUNDSHELF_SPOTIFY_TOKEN`, `SOUNDSHELF_SPOTIFY_API`.
    public static let spotify = MusicVariables(
        token: "SOUNDSHELF_SPOTIFY_TOKEN", api: "SOUNDSHELF_SPOTIFY_API", storefront: nil)

    /// The variable's value, nil when it is unset or empty.
    public static func value(of name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
