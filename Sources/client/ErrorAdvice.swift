import CommandSupport
import LibraryClient

// What to run next after each library error, in the `client` tool's commands and flags; the
// library's own sentences state only the facts.

extension LibraryClientError: CommandAdvising {
    public var commandAdvice: String? {
        switch self {
        case .noCatalogLocation: "sync once with --catalog LOCATION (a folder, file:// or https:// URL)"
        case .unsigned: "ask the publisher to sign it (`catalog publish --sign-key`)"
        case .rollback: "use --allow-downgrade to accept it"
        case .expired: "the publisher must renew it with `catalog publish --renew`"
        case .invalidKey: "sync again with --trust-key FILE (a catalog.pub from `catalog keygen`)"
        case .notSynced: "run `client sync --catalog LOCATION` first"
        case .itemNotFound: "check the id (see `client list` or `client search`)"
        case .packNotFound: "check the id or slug (see `client packs`)"
        case .musicEntryNotFound: "check the id (see `client music`)"
        case .unknownTag(_, _, nil), .unknownTagID: "see `client facets` for the known values"
        default: nil
        }
    }
}

extension PackInstallError: CommandAdvising {
    public var commandAdvice: String? {
        switch self {
        case .manifestMismatch: "run `client sync` and retry"
        case .catalogChanged: "run `client sync` first"
        case .notInCatalog: "run `client sync`"
        default: nil
        }
    }
}

extension CollectionsError: CommandAdvising {
    public var commandAdvice: String? {
        switch self {
        case .itemNotFound: "check the id (see `client list` or `client search`)"
        case .sceneNotFound: "give a scene id or its exact title (see `client scenes`)"
        case .itemAlreadyInScene: "use `client scene move` to change its place"
        case .itemNotInScene: "see `client scene show` for its items"
        default: nil
        }
    }
}

extension ListeningError: CommandAdvising {
    public var commandAdvice: String? {
        if case .unknownTarget = self { return "see `client list` for item ids and `client tracks` for tracks" }
        return nil
    }
}

extension PagingError: CommandAdvising {
    public var commandAdvice: String? {
        switch self {
        case .invalidCursor: "start again without --after and use the nextCursor the previous page printed"
        case .foreignCursor:
            "repeat the same command and options as the page that printed it, or start again without --after"
        }
    }
}
