import CatalogModel
import Foundation

/// The roots under a folder's `root/` (a keys folder or a published catalog): `N.json` and its
/// signatures `N.json.sig`, read and checked as a client checks them, from version 1 on.
///
/// ```swift
/// let chain = try RootFolder(URL(fileURLWithPath: "keys")).verifiedChain()
/// chain.last?.document.version   // 3
/// ```
package struct RootFolder {
    /// One root of the chain with the bytes it was read from.
    package struct Step {
        package var document: RootDocument
        package var bytes: Data
        package var signatures: Data
        /// The key ids whose signatures verify (with the key of this root or of the one before).
        package var signedBy: [String]
    }

    package let folder: URL
    package var rootDirectory: URL { folder.appendingPathComponent("root") }

    package init(_ folder: URL) { self.folder = folder }

    package func path(_ version: Int) -> String { "root/\(version).json" }

    /// The highest N with a `root/N.json`, nil when there is none.
    package var newestVersion: Int? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: rootDirectory.path)) ?? []
        return names.compactMap { name in name.hasSuffix(".json") ? Int(name.dropLast(5)) : nil }.max()
    }

    package func files(_ version: Int) throws(KeyringError) -> (bytes: Data, signatures: Data) {
        let json = folder.appendingPathComponent(path(version))
        guard let bytes = FileManager.default.contents(atPath: json.path) else {
            throw .io(path: json.path, message: "cannot be read")
        }
        guard let signatures = FileManager.default.contents(atPath: json.path + ".sig") else {
            throw .io(path: json.path + ".sig", message: "cannot be read (every root has its signatures beside it)")
        }
        return (bytes, signatures)
    }

    /// Every root from 1 to the newest, each checked against the one before (1 against itself).
    /// Expiry is not checked: `show` reports it, publish and rotate look at the newest.
    package func verifiedChain() throws(KeyringError) -> [Step] {
        guard let newest = newestVersion, newest >= 1 else { throw .noRoot(folder: folder.path) }
        var steps: [Step] = []
        for version in 1...newest {
            let (bytes, signatures) = try files(version)
            let file = folder.appendingPathComponent(path(version)).path
            do {
                let document: RootDocument
                if let trusted = steps.last?.document {
                    document = try RootChain.step(from: trusted, to: bytes, signatures: signatures, file: file)
                } else {
                    document = try RootChain.selfSigned(bytes, signatures: signatures, file: file)
                }
                let list = try KeySignature.decodeList(signatures, file: file + ".sig")
                var signers = KeySignature.validSigners(
                    of: bytes, list, role: document.roles.root, keys: document)
                if let trusted = steps.last?.document {
                    signers.formUnion(
                        KeySignature.validSigners(of: bytes, list, role: trusted.roles.root, keys: trusted))
                }
                steps.append(Step(document: document, bytes: bytes, signatures: signatures, signedBy: signers.sorted()))
            } catch {
                throw .trust(error)
            }
        }
        return steps
    }

    /// Writes a new root: its signatures first, then the root by atomic rename.
    package func write(_ version: Int, bytes: Data, signatures: Data) throws(KeyringError) {
        let json = folder.appendingPathComponent(path(version))
        for target in [json.path, json.path + ".sig"] where FileManager.default.fileExists(atPath: target) {
            throw .exists(path: target)
        }
        do {
            try FileManager.default.createDirectory(at: rootDirectory, withIntermediateDirectories: true)
            try AtomicFile.write(signatures, to: json.path + ".sig", mode: 0o644)
            try AtomicFile.write(bytes, to: json.path, mode: 0o644)
        } catch {
            throw .io(path: json.path, message: "cannot be written: \(error.localizedDescription)")
        }
    }
}
