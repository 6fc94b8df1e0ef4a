import CatalogFormat
import Foundation

extension CatalogFetcher {
    /// Checks catalog.json's `bytes` against `trust`: first walks the catalog's roots from it
    /// (``RootWalker``); then, while the trust is one key and no root followed it,
    /// `signatures/<sha256>.sig` must verify with that key; under a root, `signatures/<sha256>.json`
    /// must carry a threshold of the newest root's catalog keys (or, while that role has one key,
    /// the `.sig` may stand for it). Returns the trust reached and whether its catalog keys changed.
    func checkSignatures(
        of bytes: Data, sha256 sha: String, trust: CatalogTrust, at location: CatalogLocation
    ) async throws -> (trust: CatalogTrust?, keysChanged: Bool) {
        let walk: RootWalker.Walk
        do {
            walk = try await RootWalker(transport: transport).walk(from: trust, at: location, now: now ?? Date())
        } catch let stopped as RootWalker.Stopped {
            let reached = stopped.reached.rootBytes.map { String(decoding: $0, as: UTF8.self) }
            throw LibraryClientError.untrustedRoot(
                stopped.error, reached: stopped.reached.root.version > trust.root.version ? reached : nil)
        }
        let root = walk.trust.root
        let name = location.description
        if walk.trust.key != nil {
            try await checkSingle(bytes, sha256: sha, root: root, at: location)
            return (walk.trust, walk.catalogKeysChanged)
        }
        let listURL = location.resolve("signatures/\(sha).json")
        let listBytes: Data
        do { listBytes = try await transport.fetch(listURL, limit: 256 * 1024) } catch LibraryClientError.missingFile {
            guard root.roles.catalog.keyids.count == 1 else { throw LibraryClientError.unsigned(url: name) }
            try await checkSingle(bytes, sha256: sha, root: root, at: location)
            return (walk.trust, walk.catalogKeysChanged)
        }
        let label = listURL.isFileURL ? listURL.path : listURL.absoluteString
        do {
            let list = try KeySignature.decodeList(listBytes, file: label)
            try RootChain.checkCatalog(bytes, signatures: list, root: root, file: name)
        } catch {
            throw LibraryClientError.catalogSignatures(error)
        }
        return (walk.trust, walk.catalogKeysChanged)
    }

    /// `signatures/<sha256>.sig` verified with the only catalog key of `root`.
    private func checkSingle(_ bytes: Data, sha256 sha: String, root: RootDocument, at location: CatalogLocation)
        async throws
    {
        let name = location.description
        let signature: Data
        do {
            signature = try await transport.fetch(location.resolve("signatures/\(sha).sig"), limit: 4096)
        } catch LibraryClientError.missingFile {
            throw LibraryClientError.unsigned(url: name)
        }
        guard let keyid = root.roles.catalog.keyids.first, let key = root.publicKey(keyid),
            CatalogSignature.verify(String(decoding: signature, as: UTF8.self), of: bytes, publicKey: key)
        else { throw LibraryClientError.badSignature(url: name) }
    }
}
