import CatalogModel
import Crypto
import Foundation

/// How a publish signs catalog.json. Without a root of trust: one key, `signatures/<sha256>.sig`
/// (as clients that know one key read it). With one (`--keys DIR`, or the `root/` already
/// published): the roots are copied into the output's `root/`, and catalog.json is signed by a
/// threshold of the newest root's catalog keys into `signatures/<sha256>.json`, plus the `.sig`
/// while that role has a single key.
///
/// ```swift
/// let signing = try CatalogSigning.make(keysFolder: "keys", signKeys: [], signers: [], output: dist)
/// ```
struct CatalogSigning {
    var signers: [CatalogSigner]
    /// The chain to publish, oldest first (empty without a root of trust).
    var chain: [RootFolder.Step]
    var newestRoot: RootDocument? { chain.last?.document }

    /// The signing of a publish into `output`; nil when it signs nothing.
    static func make(
        keysFolder: String?, signKeys: [String], signers commands: [String], output: URL, now: Date
    ) throws -> CatalogSigning? {
        var chain: [RootFolder.Step] = []
        var signers: [CatalogSigner] = []
        do {
            for path in signKeys { signers.append(try CatalogSigner.keyFile(path)) }
            signers += commands.map { .command($0) }
            if let keysFolder = Self.keysFolder(keysFolder, signKeys: signKeys) {
                let folder = URL(fileURLWithPath: keysFolder).standardizedFileURL
                chain = try RootFolder(folder).verifiedChain()
                if signers.isEmpty, let catalogRole = chain.last?.document.roles.catalog {
                    signers = KeyFolder(folder).privateKeys().filter { catalogRole.keyids.contains($0.keyid) }
                        .map { .key($0.key) }
                }
            } else if RootFolder(output).newestVersion != nil {
                chain = try RootFolder(output).verifiedChain()
            }
        } catch {
            throw PublishError.keys(error)
        }
        if let newest = chain.last?.document {
            do { try RootChain.checkFresh(newest, now: now, file: "root/\(newest.version).json") } catch {
                throw PublishError.keys(.trust(error))
            }
            guard !signers.isEmpty else {
                throw PublishError.keys(
                    .invalidRoot(
                        "the catalog has a root of trust (root/\(newest.version).json); catalog.json must be signed by its catalog keys (\(newest.roles.catalog.threshold) of \(newest.roles.catalog.keyids.count))"
                    ))
            }
        }
        if let role = chain.last?.document.roles.catalog {
            // Before anything is written: key files outside the role do not count; a program may.
            var possible = Set<String>()
            var programs = 0
            for signer in signers {
                switch signer {
                case .key(let key): possible.insert(RootDocument.keyID(of: key.publicKey))
                case .command: programs += 1
                }
            }
            let valid = possible.intersection(role.keyids).count + programs
            if valid < role.threshold, let newest = chain.last?.document {
                throw PublishError.keys(
                    .trust(
                        TrustError(
                            file: output.appendingPathComponent("catalog.json").path,
                            reason: .threshold(
                                role: "catalog", of: "root \(newest.version)", valid: valid, needed: role.threshold))))
            }
        }
        return signers.isEmpty ? nil : CatalogSigning(signers: signers, chain: chain)
    }

    /// The keys folder whose roots a publish carries: `--keys DIR`, else the folder of a
    /// `--sign-key` file that holds `root/` (`--sign-key keys/catalog-1.key` brings `keys/root/`).
    static func keysFolder(_ given: String?, signKeys: [String]) -> String? {
        given
            ?? signKeys.lazy.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            .first { RootFolder($0).newestVersion != nil }?.path
    }

    /// Whether the signatures already published for `catalogBytes` are valid under the newest
    /// root (after a catalog key changed they are not, and the publish writes a new version).
    func isCurrent(_ catalogBytes: Data, output: URL) -> Bool {
        guard let root = newestRoot else { return true }
        let sha = SHA256Digest.hex(of: catalogBytes)
        let list = output.appendingPathComponent(PublishLayout.signatureListPath(sha256: sha)).path
        if let bytes = FileManager.default.contents(atPath: list) {
            guard let signatures = try? KeySignature.decodeList(bytes, file: list),
                (try? RootChain.checkCatalog(catalogBytes, signatures: signatures, root: root, file: list)) != nil
            else { return false }
        }
        let single = output.appendingPathComponent(PublishLayout.signaturePath(sha256: sha)).path
        if root.roles.catalog.keyids.count == 1, let text = FileManager.default.contents(atPath: single),
            let key = root.publicKey(root.roles.catalog.keyids[0])
        {
            return CatalogSignature.verify(String(decoding: text, as: UTF8.self), of: catalogBytes, publicKey: key)
        }
        return true
    }

    /// The signature files for `catalogBytes`: relative path → bytes. Throws when the signers
    /// do not reach the catalog role's threshold.
    func signatureFiles(for catalogBytes: Data) throws -> [(String, Data)] {
        let sha = SHA256Digest.hex(of: catalogBytes)
        guard let root = newestRoot else {
            let raw: Data
            do { raw = try signers[0].signature(of: catalogBytes) } catch { throw PublishError.keys(error) }
            return [(PublishLayout.signaturePath(sha256: sha), Data((raw.base64EncodedString() + "\n").utf8))]
        }
        let role = root.roles.catalog
        let candidates = root.keys.filter { role.keyids.contains($0.key) }
        do {
            let list = try CatalogSigner.sign(catalogBytes, with: signers, candidates: candidates)
                .filter { candidates[$0.keyid] != nil }
            let file = PublishLayout.signatureListPath(sha256: sha)
            try RootChain.checkCatalog(catalogBytes, signatures: list, root: root, file: file)
            var files = [(file, try KeySignature.encodeList(list))]
            if role.keyids.count == 1, let only = list.first {
                files.append((PublishLayout.signaturePath(sha256: sha), Data((only.sig + "\n").utf8)))
            }
            return files
        } catch let error as TrustError {
            throw PublishError.keys(.trust(error))
        } catch let error as KeyringError {
            throw PublishError.keys(error)
        }
    }
}
