import Foundation

/// What `catalog keys init` makes.
///
/// ```swift
/// var options = KeyringInit(folder: "keys")
/// options.rootKeys = 3; options.rootThreshold = 2
/// ```
public struct KeyringInit: Sendable {
    /// The keys folder: key files beside it, the roots under `root/`.
    public var folder: String
    /// Root keys to generate (offline keys: they sign only roots).
    public var rootKeys = 3
    /// How many distinct root keys must sign the next root.
    public var rootThreshold = 2
    /// Catalog keys to generate (online keys: `catalog publish` signs catalog.json with them).
    public var catalogKeys = 1
    public var catalogThreshold = 1
    /// Root keys held elsewhere (a token, a KMS): their public key files, signed with `signers`.
    public var rootPublicKeys: [String] = []
    /// External signers (`--signer "COMMAND"`).
    public var signers: [String] = []
    public var expiresInDays = 365
    public var now = Date()

    public init(folder: String) { self.folder = folder }
}

/// What `catalog keys rotate` and `catalog keys revoke` change: the next root is the newest with
/// these changes, signed by a threshold of the newest root's root keys and of its own.
///
/// ```swift
/// var options = KeyringRotation(folder: "keys")
/// options.newCatalogKeys = 1       // replace the catalog key
/// ```
public struct KeyringRotation: Sendable {
    public var folder: String
    /// Replace every root key by this many new ones.
    public var newRootKeys: Int?
    /// Replace every catalog key by this many new ones.
    public var newCatalogKeys: Int?
    /// Public key files to add to the root role / the catalog role.
    public var addRootKeys: [String] = []
    public var addCatalogKeys: [String] = []
    /// Key ids (or unique prefixes of 8 or more hex digits) to take out of both roles.
    public var revoke: [String] = []
    public var rootThreshold: Int?
    public var catalogThreshold: Int?
    /// Private key files to sign with besides the folder's `*.key` files.
    public var signKeys: [String] = []
    /// External signers (`--signer "COMMAND"`).
    public var signers: [String] = []
    public var expiresInDays = 365
    public var now = Date()

    public init(folder: String) { self.folder = folder }
}

/// A root written by a key command; `--json` prints it.
public struct KeyringResult: Sendable, Codable, Equatable {
    public var version: Int
    public var expires: String
    public var root: String
    /// Key ids and thresholds of the two roles.
    public var rootKeys: [String]
    public var rootThreshold: Int
    public var catalogKeys: [String]
    public var catalogThreshold: Int
    /// The key ids whose signatures the new root carries.
    public var signedBy: [String]
    /// The key files written by this run.
    public var keyFiles: [String]
}
