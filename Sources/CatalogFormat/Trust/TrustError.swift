/// A root or a signature that cannot be trusted, and why; the facts only.
///
/// ```swift
/// catch let error as TrustError { print(error) }   // "root/3.json: signed by 1 of …"
/// ```
public struct TrustError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// Not a root or signature list of the published shape.
        case malformed(String)
        /// Fewer distinct valid signatures of `role` than its threshold. `by` names whose root's
        /// role it is (the trusted root's, or the new root's own).
        case threshold(role: String, of: String, valid: Int, needed: Int)
        /// The root's version is not the one that follows the trusted root's.
        case version(found: Int, expected: Int)
        /// The newest root has expired.
        case expired(version: Int, expires: String)
        /// The chain goes on past the number of steps a client walks in one sync.
        case tooManySteps(Int)
    }

    /// The file (or URL) concerned.
    public var file: String
    public var reason: Reason

    public init(file: String, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    public var message: String {
        switch reason {
        case .malformed(let text): text
        case .threshold(let role, let of, let valid, let needed):
            "signed by \(valid) of the keys of \(of)'s \(role) role; its threshold is \(needed)"
        case .version(let found, let expected): "holds version \(found); the chain needs version \(expected) here"
        case .expired(let version, let expires): "root version \(version) expired at \(expires)"
        case .tooManySteps(let count): "the root chain is longer than \(count) steps from the trusted root"
        }
    }

    public var description: String { "\(file): \(message)" }
}
