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
        case .invalidKey: "sync again with --trust-key FILE (a catalog.pub) or --trust-root FILE (a root/N.json)"
        case .untrustedRoot(let error, _):
            switch error.reason {
            case .expired: "the publisher must publish a newer root (`catalog keys rotate`, then `catalog publish`)"
            case .threshold, .version:
                "the catalog's keys changed in a way this data root cannot follow: get the publisher's root/1.json (checked by its fingerprint) and sync with --trust-root FILE"
            default: "ask the catalog's publisher to fix its root/ folder"
            }
        case .catalogSignatures:
            "ask the publisher to publish with its current catalog keys (`catalog publish --keys DIR`)"
        case .notSynced: "run `client sync --catalog LOCATION` first"
        case .itemNotFound: "check the id (see `client list` or `client search`)"
        case .packNotFound: "check the id or slug (see `client packs`)"
        case .musicEntryNotFound: "check the id (see `client music`)"
        case .unknownTag(_, _, nil), .unknownTagID: "see `client facets` for the known values"
        case .invalidLocation: "give a folder path, a file:// URL or an http(s):// URL"
        case .unreachable: "check the location and your connection, then retry"
        case .httpStatus: "check the catalog location or try again later"
        case .missingFile: "check the catalog location"
        case .invalidDocument, .invalidExpiry: "ask the catalog's publisher to fix it and republish"
        case .integrityMismatch: "retry later"
        case .diskFull: "free some space, then sync again"
        case .cannotWrite: "check the permissions of the data root and of the temporary folder (TMPDIR)"
        case .emptySearch: "give at least one word"
        case .database(_, let code, _): code.commandAdvice
        case .unexpectedValue: "update Soundshelf, or delete the data root and sync again"
        case .facetIndexUnavailable: "check free disk space and file permissions, then retry"
        default: nil
        }
    }
}

extension SQLiteResultCode {
    /// What to do about a database error with this code.
    var commandAdvice: String? {
        if isBusy { return "retry when the other process is done" }
        if isCorrupt { return "delete the data root's library.sqlite and sync again" }
        if isFull { return "free some disk space and retry" }
        if isPermissionProblem { return "check the data root's permissions" }
        return nil
    }
}

extension PackInstallError: CommandAdvising {
    public var commandAdvice: String? {
        switch self {
        case .manifestMismatch: "run `client sync` and retry"
        case .catalogChanged: "run `client sync` first"
        case .notInCatalog: "run `client sync`"
        case .httpStatus: "check the catalog location or try again later"
        case .unreachable, .timedOut, .cancelled: "run the install again to resume"
        case .invalidManifest: "ask the publisher to rebuild the pack"
        case .busy: "wait for it to finish and retry"
        case .fileSystem: "check free space and permissions of the data root"
        case .diskFull: "free some space, then run the install again (it resumes)"
        case .overBudget: "raise the budget with `client storage --budget SIZE` (or `none`), then install again"
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
        switch self {
        case .unknownTarget: "see `client list` for item ids and `client tracks` for tracks"
        case .unknownImportTarget: "fix or remove that entry"
        case .unreadableImportFile: "check the path"
        case .unknownStoredValue: "update the client"
        default: nil
        }
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
