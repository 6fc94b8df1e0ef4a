import CatalogFormat
import Foundation
import Gzip

extension CatalogFetcher {
    /// A gzip file a schema-2 catalog refers to: fetched (in memory: indexes, shards and deltas are
    /// small), its size and SHA-256 checked against `reference` (a damaged body is fetched once
    /// more), then decompressed, refusing more than 64 times its size.
    package func fetchPacked(_ reference: FileReference, of catalog: FetchedCatalog) async throws -> Data {
        let url = catalog.location.resolve(reference.url)
        let name = url.isFileURL ? url.path : url.absoluteString
        let packed = try await DamagedBody.onceMore(url, when: Self.isDamagedSeed) {
            let data = try await transport.fetch(url, limit: Int(clamping: max(reference.bytes, 0)))
            switch reference.mismatch(in: data) {
            case nil: return data
            case .size(let actual)?:
                throw LibraryClientError.integrityMismatch(
                    url: name, field: "size", expected: "\(reference.bytes) bytes", actual: "\(actual) bytes")
            case .sha256(let actual)?:
                throw LibraryClientError.integrityMismatch(
                    url: name, field: "SHA-256", expected: reference.sha256, actual: actual)
            }
        }
        do { return try Gzip.decompress(packed, limit: Self.unpackedLimit(reference.bytes)) } catch {
            throw LibraryClientError.invalidDocument(Diagnostic(.error, "\(error)", file: name, path: "$"))
        }
    }

    /// The index of a schema-2 catalog, checked and decoded.
    package func fetchIndex(_ sharded: ShardedCatalogDocument, of catalog: FetchedCatalog) async throws
        -> CatalogIndex
    {
        let plain = try await fetchPacked(sharded.index, of: catalog)
        do throws(Diagnostic) {
            let index = try CatalogJSON.decode(CatalogIndex.self, from: plain, file: sharded.index.url)
            guard index.catalogVersion == sharded.catalogVersion else {
                throw Diagnostic(
                    .error,
                    "the index is of catalog version \(index.catalogVersion), catalog.json of \(sharded.catalogVersion)",
                    file: sharded.index.url, path: "$.catalogVersion")
            }
            return index
        } catch { throw LibraryClientError.invalidDocument(error) }
    }

    /// The deltas of `chain`, each checked, parsed and merged into one change; a delta whose header
    /// does not lead where catalog.json says is refused.
    package func fetchDelta(_ chain: [DeltaReference], of catalog: FetchedCatalog) async throws -> CatalogDelta {
        var merged: CatalogDelta?
        for reference in chain {
            let plain = try await fetchPacked(reference.file, of: catalog)
            let delta: CatalogDelta
            do { delta = try CatalogDelta.parse(plain, file: reference.url) } catch {
                throw LibraryClientError.invalidDocument(error)
            }
            guard delta.header.from == reference.from, delta.header.to == reference.to,
                merged.map({ $0.header.toIndex == delta.header.fromIndex }) ?? true
            else {
                throw LibraryClientError.invalidDocument(
                    Diagnostic(
                        .error,
                        "the delta leads from version \(delta.header.from) to \(delta.header.to); catalog.json lists it from \(reference.from) to \(reference.to)",
                        file: reference.url, path: "$.delta"))
            }
            if merged == nil { merged = delta } else { merged!.merge(delta) }
        }
        guard let merged, merged.header.toIndex == catalog.sharded?.index.sha256.lowercased() else {
            throw LibraryClientError.invalidDocument(
                Diagnostic(
                    .error, "the deltas do not lead to the index catalog.json names",
                    file: catalog.location.description,
                    path: "$.deltas"))
        }
        return merged
    }

    static func unpackedLimit(_ bytes: Int64) -> Int { Int(clamping: max(bytes, 0)) &* 64 &+ (1 << 20) }
}
