import CatalogModel
import Crypto
import Foundation

/// The key files of a keys folder: `root-N.key`/`.pub` and `catalog-N.key`/`.pub`, one base64
/// line each (as `catalog keygen` writes them), private keys mode 0600.
///
/// ```swift
/// let keys = KeyFolder(URL(fileURLWithPath: "keys"))
/// let signers = keys.privateKeys().filter { root.roles.catalog.keyids.contains($0.keyid) }
/// ```
package struct KeyFolder {
    /// A private key found in the folder.
    package struct PrivateKey {
        package var path: String
        package var key: Curve25519.Signing.PrivateKey
        package var keyid: String { RootDocument.keyID(of: key.publicKey) }
    }

    package let folder: URL

    package init(_ folder: URL) { self.folder = folder }

    /// Every readable `*.key` file of the folder (not of its subfolders), by name.
    package func privateKeys() -> [PrivateKey] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".key") }.sorted().compactMap { name in
            let path = folder.appendingPathComponent(name).path
            guard let key = try? CatalogSignature.readPrivateKey(atPath: path) else { return nil }
            return PrivateKey(path: path, key: key)
        }
    }

    /// The next free name `prefix-N` (N from 1) for which neither `.key` nor `.pub` exists,
    /// leaving out `taken` names already chosen in this run.
    package func nextName(_ prefix: String, taken: Set<String>) -> String {
        var number = 1
        while true {
            let name = "\(prefix)-\(number)"
            let used = ["key", "pub"].contains { ext in
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name).\(ext)").path)
            }
            if !used && !taken.contains(name) { return name }
            number += 1
        }
    }

    /// Writes `name.key` (0600) and `name.pub`; never overwrites. Returns the two paths.
    package func write(_ key: Curve25519.Signing.PrivateKey, name: String) throws(KeyringError) -> [String] {
        let keyPath = folder.appendingPathComponent(name + ".key").path
        let pubPath = folder.appendingPathComponent(name + ".pub").path
        for path in [keyPath, pubPath] where FileManager.default.fileExists(atPath: path) {
            throw .exists(path: path)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AtomicFile.write(
                Data((key.rawRepresentation.base64EncodedString() + "\n").utf8), to: keyPath, mode: 0o600)
            try AtomicFile.write(
                Data((key.publicKey.rawRepresentation.base64EncodedString() + "\n").utf8), to: pubPath, mode: 0o644)
        } catch {
            throw .io(path: keyPath, message: "cannot be written: \(error.localizedDescription)")
        }
        return [keyPath, pubPath]
    }

    /// Reads a public key file (`--root-pub`, `--add-catalog-pub`): key id → base64.
    package static func publicKey(_ path: String) throws(KeyringError) -> (String, String) {
        do {
            let key = try CatalogSignature.readPublicKey(atPath: path)
            return (RootDocument.keyID(of: key), key.rawRepresentation.base64EncodedString())
        } catch {
            throw .key(error)
        }
    }
}
