import Crypto
import Foundation

/// Ed25519 keys and signatures over catalog.json bytes. Key files hold one line:
/// the base64 of the raw 32-byte key.
///
/// ```swift
/// let key = Curve25519.Signing.PrivateKey()
/// let sig = try CatalogSignature.sign(catalogBytes, with: key)       // base64 text
/// CatalogSignature.verify(sig, of: catalogBytes, publicKey: key.publicKey)   // true
/// ```
public enum CatalogSignature {
    /// A key file that cannot be used, and why; the facts only (a tool adds what to run).
    ///
    /// ```swift
    /// catch let error as CatalogSignature.KeyError where error.reason == .notPrivateKey { … }
    /// ```
    public struct KeyError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong with the file.
        public enum Reason: Sendable, Hashable {
            /// The file cannot be read.
            case unreadable
            /// The file is not one line of base64 holding 32 bytes.
            case notKeyText
            /// 32 bytes that are not an Ed25519 private key.
            case notPrivateKey
            /// 32 bytes that are not an Ed25519 public key.
            case notPublicKey
        }

        /// The key file's path.
        public var file: String
        /// What is wrong with it.
        public var reason: Reason

        /// The facts, without the path.
        public var message: String {
            switch reason {
            case .unreadable: "the key file cannot be read"
            case .notKeyText: "expected one line of base64 holding a 32-byte Ed25519 key"
            case .notPrivateKey: "not an Ed25519 private key"
            case .notPublicKey: "not an Ed25519 public key"
            }
        }

        public var description: String { "\(file): \(message)" }
    }

    public static func sign(_ data: Data, with key: Curve25519.Signing.PrivateKey) throws -> String {
        try key.signature(for: data).base64EncodedString()
    }

    public static func verify(_ base64Signature: String, of data: Data, publicKey: Curve25519.Signing.PublicKey) -> Bool
    {
        let text = base64Signature.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let sig = Data(base64Encoded: text) else { return false }
        return publicKey.isValidSignature(sig, for: data)
    }

    public static func readPrivateKey(atPath path: String) throws(KeyError) -> Curve25519.Signing.PrivateKey {
        let raw = try readKeyBytes(path)
        do { return try Curve25519.Signing.PrivateKey(rawRepresentation: raw) } catch {
            throw KeyError(file: path, reason: .notPrivateKey)
        }
    }

    public static func readPublicKey(atPath path: String) throws(KeyError) -> Curve25519.Signing.PublicKey {
        let raw = try readKeyBytes(path)
        do { return try Curve25519.Signing.PublicKey(rawRepresentation: raw) } catch {
            throw KeyError(file: path, reason: .notPublicKey)
        }
    }

    private static func readKeyBytes(_ path: String) throws(KeyError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw KeyError(file: path, reason: .unreadable)
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let raw = Data(base64Encoded: text), raw.count == 32 else {
            throw KeyError(file: path, reason: .notKeyText)
        }
        return raw
    }
}
