import CatalogModel
import Crypto
import Foundation

/// `catalog keygen --out DIR`: a new Ed25519 key pair as two one-line base64 files,
/// `catalog.key` (private, mode 0600) and `catalog.pub`.
///
/// ```swift
/// let (key, pub) = try CatalogKeys.generate(in: "keys")
/// ```
public enum CatalogKeys {
    public static func generate(in directory: String) throws -> (privateKey: String, publicKey: String) {
        let fm = FileManager.default
        let keyPath = (directory as NSString).appendingPathComponent("catalog.key")
        let pubPath = (directory as NSString).appendingPathComponent("catalog.pub")
        for path in [keyPath, pubPath] where fm.fileExists(atPath: path) {
            throw PublishError.io(
                path: path, message: "already exists; keygen never overwrites a key — choose another --out folder")
        }
        do {
            try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw PublishError.io(path: directory, message: "cannot be created: \(error.localizedDescription)")
        }
        let key = Curve25519.Signing.PrivateKey()
        try AtomicFile.write(Data((key.rawRepresentation.base64EncodedString() + "\n").utf8), to: keyPath, mode: 0o600)
        try AtomicFile.write(
            Data((key.publicKey.rawRepresentation.base64EncodedString() + "\n").utf8), to: pubPath, mode: 0o644)
        return (keyPath, pubPath)
    }
}
