import CatalogPublisher
import CommandSupport

// What to run next after a publisher error, in the `catalog` tool's commands; the library's own
// sentences state only the facts.

extension PublishError: CommandAdvising {
    public var commandAdvice: String? {
        if case .signingKey(let error) = self { return error.commandAdvice }
        if case .keys(let error) = self { return error.commandAdvice }
        return nil
    }
}

extension KeyringError: CommandAdvising {
    public var commandAdvice: String? {
        switch self {
        case .key(let error): return error.commandAdvice
        case .noRoot: return "make one with `catalog keys init --out DIR`"
        case .trust(let error):
            if case .threshold = error.reason {
                return "give the other keys with --sign-key FILE or --signer COMMAND"
            }
            if case .expired = error.reason { return "write a new root with `catalog keys rotate --keys DIR`" }
            return nil
        case .invalidRoot: return nil
        case .exists: return "choose another folder"
        default: return nil
        }
    }
}
