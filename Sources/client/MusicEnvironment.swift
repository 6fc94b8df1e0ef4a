import CommandSupport
import Foundation
import LibraryClient

extension MusicService {
    /// The names of the variables `client` reads this service's access from.
    var variables: ToolEnvironment.MusicVariables {
        switch self {
        case .appleMusic: ToolEnvironment.appleMusic
        case .spotify: ToolEnvironment.spotify
        }
    }

    /// The access the environment gives, nil without a token.
    var environmentAccess: MusicServiceAccess? {
        guard let token = ToolEnvironment.value(of: variables.token) else { return nil }
        let api = ToolEnvironment.value(of: variables.api).flatMap(URL.init(string:))
        let storefront = variables.storefront.flatMap(ToolEnvironment.value(of:)) ?? "us"
        return MusicServiceAccess(service: self, token: token, api: api, storefront: storefront)
    }

    /// Every service the environment connects.
    static var environmentAccesses: [MusicServiceAccess] { allCases.compactMap(\.environmentAccess) }
}

extension MusicServiceError: CommandAdvising {
    public var commandAdvice: String? {
        switch self {
        case .unauthorized(let service, _, _): "renew the \(service.variables.token) token and retry"
        case .playlistNotFound: "fix the playlist id in catalog.yaml"
        case .httpStatus: "try again later"
        case .rateLimited: "wait a minute and retry"
        case .unreachable(let service, _, _): "check the connection and \(service.variables.api)"
        case .malformedResponse(let service, _, _), .responseTooLarge(let service, _, _),
            .foreignLink(let service, _, _):
            "check that \(service.variables.api) points at the service"
        case .unknownStoredService: "update the client"
        case .invalidCursor: "pass the nextCursor of the previous page or leave --after out"
        }
    }
}
