import CatalogFormat
import Crypto
import Foundation

/// What a data root trusts to check catalog.json: a root of trust (`--trust-root`, or one
/// reached by walking `root/N.json`), or one key (`--trust-key`: an implicit root version 1 with
/// that key in both roles, threshold 1).
///
/// ```swift
/// let trust = try CatalogTrust.rootFile(atPath: "root/1.json")
/// trust.root.version   // 1
/// ```
package struct CatalogTrust: Sendable, Hashable {
    package var root: RootDocument
    /// The exact bytes of the root, nil for the implicit root of one key.
    package var rootBytes: Data?
    /// Base64 of the raw key, for the implicit root of one key.
    package var key: String?

    /// Names what checked a catalog.json (the same catalog checked by the same trust is not
    /// checked again).
    package var identity: String {
        if let key { return "key:" + key }
        return "root:" + SHA256Digest.hex(of: rootBytes ?? Data())
    }

    /// The implicit root of one key (base64 of its raw 32 bytes).
    package static func key(_ base64: String) throws(LibraryClientError) -> CatalogTrust {
        guard let raw = Data(base64Encoded: base64), let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
        else { throw .invalidKey(file: "the trusted key of this data root", reason: "not an Ed25519 public key") }
        return CatalogTrust(root: .implicit(key: key), rootBytes: nil, key: base64)
    }

    /// A shipped root: `path` and its signatures at `path.sig`, signed by a threshold of its
    /// own root keys.
    package static func rootFile(atPath path: String) throws(LibraryClientError) -> CatalogTrust {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw .invalidKey(file: path, reason: "the root file cannot be read")
        }
        guard let signatures = FileManager.default.contents(atPath: path + ".sig") else {
            throw .invalidKey(file: path + ".sig", reason: "the root's signatures cannot be read (they lie beside it)")
        }
        do {
            return CatalogTrust(
                root: try RootChain.selfSigned(bytes, signatures: signatures, file: path), rootBytes: bytes, key: nil)
        } catch {
            throw .untrustedRoot(error)
        }
    }

    /// The trust a data root keeps: its root when it has one, else its key.
    package static func stored(root: String?, key: String?) throws(LibraryClientError) -> CatalogTrust? {
        if let root {
            let bytes = Data(root.utf8)
            do {
                return CatalogTrust(
                    root: try RootDocument.decode(bytes, file: "the trusted root of this data root"), rootBytes: bytes,
                    key: nil)
            } catch {
                throw .untrustedRoot(error)
            }
        }
        return try key.map { (k: String) throws(LibraryClientError) in try CatalogTrust.key(k) }
    }
}
