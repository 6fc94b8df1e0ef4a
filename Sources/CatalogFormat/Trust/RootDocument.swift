import Crypto
import Foundation

/// One version of a catalog's root of trust, `root/N.json`: which Ed25519 keys exist and which
/// of them, how many at least, may sign the next root (`root`) and catalog.json (`catalog`).
/// Its exact bytes are what its signatures (`root/N.json.sig`) sign.
///
/// ```swift
/// let root = try RootDocument.decode(bytes, file: "root/1.json")
/// root.roles.catalog.threshold   // 1
/// ```
public struct RootDocument: Codable, Sendable, Hashable {
    /// A role: the key ids that may sign for it and how many distinct ones must.
    public struct Role: Codable, Sendable, Hashable {
        public var keyids: [String]
        public var threshold: Int

        public init(keyids: [String], threshold: Int) {
            self.keyids = keyids
            self.threshold = threshold
        }
    }

    /// The two roles of a root.
    public struct Roles: Codable, Sendable, Hashable {
        /// Signs the next root.
        public var root: Role
        /// Signs catalog.json.
        public var catalog: Role

        public init(root: Role, catalog: Role) {
            self.root = root
            self.catalog = catalog
        }
    }

    public var version: Int
    /// When the root stops being trusted (an older root is still a step of the chain).
    public var expires: String
    /// Key id (lowercase hex SHA-256 of the raw public key) → base64 of the raw 32 bytes.
    public var keys: [String: String]
    public var roles: Roles

    public init(version: Int, expires: String, keys: [String: String], roles: Roles) {
        self.version = version
        self.expires = expires
        self.keys = keys
        self.roles = roles
    }

    /// The key id of a public key: the lowercase hex SHA-256 of its 32 raw bytes.
    public static func keyID(of key: Curve25519.Signing.PublicKey) -> String {
        SHA256Digest.hex(of: key.rawRepresentation)
    }

    /// The public key of `keyid`, when this root lists it under its true id.
    public func publicKey(_ keyid: String) -> Curve25519.Signing.PublicKey? {
        guard let text = keys[keyid], let raw = Data(base64Encoded: text),
            let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw),
            Self.keyID(of: key) == keyid
        else { return nil }
        return key
    }

    /// The bytes to publish: sorted keys, two-space indent, a final newline.
    public func encoded() throws -> Data { try CatalogJSON.encode(self) }

    /// Reads a root and checks its shape: version ≥ 1, a valid expiry, every key under its true
    /// id, every role's keys listed and its threshold between 1 and their number.
    public static func decode(_ bytes: Data, file: String) throws(TrustError) -> RootDocument {
        let root: RootDocument
        do { root = try CatalogJSON.decode(RootDocument.self, from: bytes, file: file) } catch {
            throw TrustError(file: file, reason: .malformed(error.message + (error.path.map { " at \($0)" } ?? "")))
        }
        guard root.version >= 1 else { throw TrustError(file: file, reason: .malformed("version must be 1 or more")) }
        guard ISO8601.date(root.expires) != nil else {
            throw TrustError(file: file, reason: .malformed("expires \"\(root.expires)\" is not an ISO 8601 time"))
        }
        for keyid in root.keys.keys where root.publicKey(keyid) == nil {
            throw TrustError(
                file: file,
                reason: .malformed("key \(keyid) is not a base64 Ed25519 public key whose SHA-256 is its id"))
        }
        for (name, role) in [("root", root.roles.root), ("catalog", root.roles.catalog)] {
            guard Set(role.keyids).count == role.keyids.count else {
                throw TrustError(file: file, reason: .malformed("role \(name) lists a key id twice"))
            }
            if let missing = role.keyids.first(where: { root.keys[$0] == nil }) {
                throw TrustError(file: file, reason: .malformed("role \(name) names key \(missing), which keys lacks"))
            }
            guard role.threshold >= 1, role.threshold <= role.keyids.count else {
                throw TrustError(
                    file: file,
                    reason: .malformed(
                        "role \(name) has threshold \(role.threshold) for \(role.keyids.count) keys (1…\(role.keyids.count))"
                    ))
            }
        }
        return root
    }

    /// The root a single trusted key stands for (`--trust-key`): version 1, that key in both
    /// roles, threshold 1, no expiry of its own.
    public static func implicit(key: Curve25519.Signing.PublicKey) -> RootDocument {
        let id = keyID(of: key)
        let role = Role(keyids: [id], threshold: 1)
        return RootDocument(
            version: 1, expires: "9999-12-31T23:59:59Z", keys: [id: key.rawRepresentation.base64EncodedString()],
            roles: Roles(root: role, catalog: role))
    }
}
