import CatalogModel
import Crypto
import Foundation

/// The writes of a publish, in their safe order: immutable files (seed, signature) first,
/// then the pages, then catalog.json by atomic rename. Files are world-readable.
struct PublishWriter {
    let output: URL
    let signing: CatalogSigning?

    init(output: URL, signing: CatalogSigning? = nil) {
        self.output = output
        self.signing = signing
    }

    init(output: URL, signKey: Curve25519.Signing.PrivateKey?) {
        self.init(output: output, signing: signKey.map { CatalogSigning(signers: [.key($0)], chain: []) })
    }

    func writeSeed(_ bytes: Data, baseURL: String?) throws -> FileReference {
        let sha = SHA256Digest.hex(of: bytes)
        let path = PublishLayout.seedPath(sha256: sha)
        try writeOnce(bytes, path)
        return FileReference(url: PublishLayout.url(path, baseURL: baseURL), sha256: sha, bytes: Int64(bytes.count))
    }

    /// A content-addressed file: `path` names it by the SHA-256 of `bytes`; written when absent
    /// (`written` says whether it was).
    func writeOnceReporting(_ bytes: Data, path: (String) -> String, baseURL: String?) throws -> (
        FileReference, written: Bool
    ) {
        let sha = SHA256Digest.hex(of: bytes)
        let relative = path(sha)
        let exists = FileManager.default.fileExists(atPath: output.appendingPathComponent(relative).path)
        if !exists { try write(bytes, relative) }
        let reference = FileReference(
            url: PublishLayout.url(relative, baseURL: baseURL), sha256: sha, bytes: Int64(bytes.count))
        return (reference, !exists)
    }

    /// A version's catalog.json kept under `versions/` (what `catalog prune` reads).
    func writeVersion(_ bytes: Data, path: String) throws {
        try write(bytes, path)
    }

    /// Signs the exact bytes of a catalog.json into `signatures/<sha256 of those bytes>.sig` (one
    /// key) or `.json` (a root of trust's catalog keys), unless they are there already, after
    /// copying the roots into `root/`. Returns the signature's path (nil without a key).
    func ensureSignature(for catalogBytes: Data) throws -> String? {
        guard let signing else { return nil }
        try writeRoots(signing.chain)
        let sha = SHA256Digest.hex(of: catalogBytes)
        let main =
            signing.newestRoot == nil
            ? PublishLayout.signaturePath(sha256: sha) : PublishLayout.signatureListPath(sha256: sha)
        let present = { (path: String) in
            FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path)
        }
        if !present(main) {
            for (path, bytes) in try signing.signatureFiles(for: catalogBytes) where !present(path) {
                try write(bytes, path)
            }
        }
        return output.appendingPathComponent(main).path
    }

    /// Copies the roots not yet published; a published root that differs is refused (roots are
    /// immutable: clients may have walked it).
    private func writeRoots(_ chain: [RootFolder.Step]) throws {
        for step in chain {
            let relative = "root/\(step.document.version).json"
            let full = output.appendingPathComponent(relative).path
            if let existing = FileManager.default.contents(atPath: full) {
                guard existing == step.bytes else {
                    throw PublishError.keys(
                        .io(
                            path: full,
                            message: "differs from the root of the keys folder; a published root never changes"))
                }
                continue
            }
            try write(step.signatures, relative + ".sig")
            try write(step.bytes, relative)
        }
    }

    /// Writes the pages: each pack's page whose inputs changed (`packDigests`: see
    /// ``CatalogPage/packPageKey(_:manifest:catalogTitle:packDigest:)``) (a page that carries the key of
    /// its inputs is kept), then removes the pages of packs no longer in the catalog, then
    /// index.html. Returns how many pack pages were written.
    @discardableResult
    func writePages(
        catalog: CatalogDocument, seed: Seed, manifests: [String: Manifest], templates: String?,
        packDigests: [String: String] = [:]
    ) throws -> Int {
        let pages = try CatalogPage(templatesDirectory: templates)
        let listings = PackListing.all(catalog: catalog, seed: seed)
        var written = 0
        for listing in listings {
            let fresh = try writePackPage(
                listing, manifest: manifests[listing.id], catalogTitle: catalog.title, pages: pages,
                packDigest: packDigests[listing.id])
            if fresh { written += 1 }
        }
        try removePages(keeping: Set(listings.map(\.id)))
        try write(Data(pages.render(catalog: catalog, seed: seed, manifests: manifests).utf8), "index.html")
        return written
    }

    /// Writes a pack's page unless the page there carries the key of these inputs; returns whether
    /// it wrote it.
    func writePackPage(
        _ listing: PackListing, manifest: Manifest?, catalogTitle: String, pages: CatalogPage, packDigest: String?
    ) throws -> Bool {
        let key = pages.packPageKey(listing, manifest: manifest, catalogTitle: catalogTitle, packDigest: packDigest)
        if Self.page(at: output.appendingPathComponent(listing.pagePath).path, carries: key) { return false }
        let html = pages.renderPack(listing, manifest: manifest, catalogTitle: catalogTitle, key: key)
        try write(Data(html.utf8), listing.pagePath)
        return true
    }

    /// Whether the page of pack `id` is in the folder.
    func hasPackPage(_ id: String) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent(CatalogPage.packPagePath(packId: id)).path)
    }

    /// Removes the pages of packs not in `ids`.
    func removePages(keeping ids: Set<String>) throws {
        let current = Set(ids.map { (CatalogPage.packPagePath(packId: $0) as NSString).lastPathComponent })
        let folder = output.appendingPathComponent("pages")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasSuffix(".html") && !current.contains(name) {
            let path = folder.appendingPathComponent(name).path
            do { try FileManager.default.removeItem(atPath: path) } catch {
                throw PublishError.io(path: path, message: "cannot be removed: \(error)")
            }
        }
    }

    /// Writes index.html.
    func writeTopPage(_ html: String) throws {
        try write(Data(html.utf8), "index.html")
    }

    /// Whether the page at `path` names `key` in its first kilobytes (the built-in page's
    /// `generator` line).
    private static func page(at path: String, carries key: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 2_048)) ?? Data()
        return String(decoding: head, as: UTF8.self).contains("content=\"Soundshelf pack page \(key)\"")
    }

    func writeCatalog(_ bytes: Data) throws {
        try write(bytes, "catalog.json")
    }

    /// An immutable file: written once, never replaced.
    private func writeOnce(_ data: Data, _ relative: String) throws {
        let full = output.appendingPathComponent(relative).path
        if FileManager.default.fileExists(atPath: full) { return }
        try write(data, relative)
    }

    private func write(_ data: Data, _ relative: String) throws {
        let full = output.appendingPathComponent(relative)
        do {
            try FileManager.default.createDirectory(
                at: full.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o755])
            try AtomicFile.write(data, to: full.path)
        } catch {
            throw PublishError.io(path: full.path, message: "cannot be written: \(error)")
        }
    }
}
