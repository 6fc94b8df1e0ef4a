import CatalogPublisher
import CommandSupport

// What to run next after a publisher error, in the `catalog` tool's commands; the library's own
// sentences state only the facts.

extension PublishError: CommandAdvising {
    public var commandAdvice: String? {
        if case .signingKey(let error) = self { return error.commandAdvice }
        return nil
    }
}
