import CatalogFormat
import Foundation

/// A seed on local disk whose size and SHA-256 match what catalog.json announced: the file itself
/// for a `file://` catalog, else a temporary download that ``remove()`` deletes.
///
/// ```swift
/// let file = try await fetcher.fetchSeedFile(of: catalog)
/// defer { file.remove() }
/// try SeedStreamReader(path: file.path).read(into: &writer)
/// ```
package struct VerifiedSeedFile: Sendable {
    /// Where the verified bytes are.
    package let path: String
    /// Their SHA-256, lowercase hex.
    package let sha256: String
    /// The seed's URL or path, for messages.
    package let name: String
    let isTemporary: Bool

    /// Deletes a temporary download; keeps a catalog's own file.
    package func remove() {
        if isTemporary { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The whole seed decoded in memory (for a seed the stream cannot judge): the fast decoder,
    /// or `JSONDecoder` for a located message when the fast path is unsure.
    package func decoded() throws -> Seed {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw LibraryClientError.unreachable(url: name, reason: error.localizedDescription)
        }
        if let seed = SeedFastDecoder.decode(data) {
            PhaseTimer.current?.mark("seed decoded (fast path)")
            return seed
        }
        do {
            let seed = try CatalogJSON.decode(Seed.self, from: data, file: name)
            PhaseTimer.current?.mark("seed decoded")
            return seed
        } catch {
            throw LibraryClientError.invalidDocument(JSONLocator.withID(error, in: data))
        }
    }
}

extension CatalogFetcher {
    /// Puts the seed on local disk without holding it in memory (a `file://` seed is used in
    /// place, an http(s) one is downloaded to a temporary file), then checks its size and
    /// SHA-256 against catalog.json in 1 MiB pieces. A downloaded seed of the wrong size or
    /// SHA-256 is fetched once more (``DamagedBody``).
    package func fetchSeedFile(_ seed: FileReference, of catalog: FetchedCatalog) async throws -> VerifiedSeedFile {
        let url = catalog.location.resolve(seed.url)
        return try await DamagedBody.onceMore(url, when: Self.isDamagedSeed) {
            try await fetchSeedFileOnce(seed, of: catalog)
        }
    }

    /// A seed whose size or SHA-256 is not the one catalog.json declares.
    static func isDamagedSeed(_ error: any Error) -> Bool {
        if case .integrityMismatch? = error as? LibraryClientError { return true }
        return false
    }

    private func fetchSeedFileOnce(_ ref: FileReference, of catalog: FetchedCatalog) async throws -> VerifiedSeedFile {
        let url = catalog.location.resolve(ref.url)
        let name = url.isFileURL ? url.path : url.absoluteString
        let limit = Int(clamping: max(ref.bytes, 0))
        let path: String
        let temporary = !url.isFileURL
        if url.isFileURL {
            path = url.path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw LibraryClientError.missingFile(url: path)
            }
        } else {
            path =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("soundshelf-seed-\(UUID().uuidString).json").path
            do { try await transport.download(url, limit: limit, to: URL(fileURLWithPath: path)) } catch {
                try? FileManager.default.removeItem(atPath: path)
                throw error
            }
        }
        let file = VerifiedSeedFile(path: path, sha256: "", name: name, isTemporary: temporary)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? -1
        if size > ref.bytes {
            file.remove()
            throw LibraryClientError.tooLarge(url: name, limit: limit)
        }
        guard size == ref.bytes else {
            file.remove()
            throw LibraryClientError.integrityMismatch(
                url: name, field: "size", expected: "\(ref.bytes) bytes", actual: "\(size) bytes")
        }
        let sha: String
        do { sha = try SHA256Digest.file(atPath: path).sha256 } catch {
            file.remove()
            throw LibraryClientError.unreachable(url: name, reason: error.localizedDescription)
        }
        PhaseTimer.current?.mark("seed read and SHA-256 (\(size) bytes)")
        guard sha == ref.sha256.lowercased() else {
            file.remove()
            throw LibraryClientError.integrityMismatch(url: name, field: "SHA-256", expected: ref.sha256, actual: sha)
        }
        return VerifiedSeedFile(path: path, sha256: sha, name: name, isTemporary: temporary)
    }
}
