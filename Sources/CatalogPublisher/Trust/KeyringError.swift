import CatalogModel
import Foundation

/// Why a key command (or the signing of a publish) stopped; nothing was written.
///
/// ```swift
/// catch let error as KeyringError { print(error) }
/// ```
public enum KeyringError: Error, Sendable, CustomStringConvertible {
    /// A file the command would write is there already (keys and roots are never overwritten).
    case exists(path: String)
    /// The folder holds no `root/1.json`.
    case noRoot(folder: String)
    /// A root or signature in the chain fails a rule.
    case trust(TrustError)
    /// A key file cannot be used.
    case key(CatalogSignature.KeyError)
    /// An external signer failed or printed something that is not a signature.
    case signer(command: String, message: String)
    /// A signature of an external signer verifies with none of the keys it could belong to.
    case unknownSigner(command: String, candidates: Int)
    /// A key id given that the newest root does not list (or lists more than once as a prefix).
    case unknownKey(String, root: Int)
    /// The new root would break a rule of its own (a threshold above its keys, …).
    case invalidRoot(String)
    /// A file could not be read or written.
    case io(path: String, message: String)

    public var description: String {
        switch self {
        case .exists(let path): "\(path): already exists; keys and published roots are never overwritten"
        case .noRoot(let folder): "\(folder): no root/1.json (a keys folder is made by `catalog keys init`)"
        case .trust(let error): error.description
        case .key(let error): error.description
        case .signer(let command, let message): "signer \"\(command)\": \(message)"
        case .unknownSigner(let command, let candidates):
            "signer \"\(command)\": its signature verifies with none of the \(candidates) keys it could belong to"
        case .unknownKey(let id, let root): "key \(id) is not a key of root version \(root)"
        case .invalidRoot(let message): message
        case .io(let path, let message): "\(path): \(message)"
        }
    }
}
