import CatalogModel
import Foundation
import Gzip

/// The catalog already in the output folder, if any: its catalog.json (and exact bytes) and
/// its seed — what the identity rules compare against. A schema-2 catalog's seed and pack list
/// are read back from its index and shards.
struct PreviousCatalog {
    var document: CatalogJSONDocument
    var bytes: Data
    var seed: Seed
    /// The seed file's bytes (schema 1; empty for schema 2, which has no seed file).
    var seedBytes: Data
    /// The packs it lists: catalog.json's (schema 1), the pack shards' lines (schema 2).
    var packs: [CatalogDocument.PackEntry]
    /// The schema-2 index, when the previous publish wrote one.
    var index: CatalogIndex?

    /// The schema-2 catalog.json and its index, when the previous publish wrote one.
    var sharded: (document: ShardedCatalogDocument, index: CatalogIndex)? {
        guard let document = document.sharded, let index else { return nil }
        return (document, index)
    }

    /// Reads `<output>/catalog.json` and its seed; nil when there is none yet.
    static func load(from output: URL) throws -> PreviousCatalog? {
        let path = output.appendingPathComponent("catalog.json").path
        guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
        let probe = try CatalogJSON.decode(CatalogSchemaProbe.self, from: bytes, file: path)
        if probe.schemaVersion == 2 { return try loadSharded(bytes, path: path, output: output) }
        let document = try CatalogJSON.decode(CatalogDocument.self, from: bytes, file: path)
        let seedPath = output.appendingPathComponent(PublishLayout.localPath(of: document.seed.url)).path
        guard let seedBytes = FileManager.default.contents(atPath: seedPath) else {
            throw PublishError.previousCatalog(
                path: seedPath,
                message:
                    "the seed the current catalog.json points to is missing; restore it or publish into an empty folder"
            )
        }
        let seed = try CatalogJSON.decode(Seed.self, from: seedBytes, file: seedPath)
        return PreviousCatalog(
            document: .schema1(document), bytes: bytes, seed: seed, seedBytes: seedBytes, packs: document.packs)
    }

    /// Whether `seed` with `packs` and `title` is what this catalog publishes (at its version).
    func sameContent(as seed: Seed, packs: [CatalogDocument.PackEntry], title: String) throws -> Bool {
        guard document.title == title else { return false }
        guard sharded != nil else { return seedBytes == (try CatalogJSON.encode(seed)) && self.packs == packs }
        return Self.canonical(self.seed) == Self.canonical(seed)
            && self.packs.sorted { $0.id < $1.id } == packs.sorted { $0.id < $1.id }
    }

    /// The seed with music and packs in id order (a schema-2 catalog keeps no other order).
    static func canonical(_ seed: Seed) -> Seed {
        var copy = seed
        copy.music.sort { $0.id < $1.id }
        copy.packs.sort { $0.id < $1.id }
        return copy
    }

    private static func loadSharded(_ bytes: Data, path: String, output: URL) throws -> PreviousCatalog {
        let previous = try head(bytes, path: path, output: output)
        guard let (document, index) = previous.sharded else {
            throw PublishError.previousCatalog(path: path, message: "catalog.json has no index")
        }
        let (music, lines) = try previous.whole()
        let seed = Seed(
            catalogVersion: document.catalogVersion, vocabularies: index.vocabularies, music: music,
            packs: lines.map(\.pack), loudness: index.loudness)
        return PreviousCatalog(
            document: .schema2(document), bytes: bytes, seed: seed, seedBytes: Data(), packs: lines.map(\.entry),
            index: index)
    }

    /// A published gzip file, checked against its reference and decompressed.
    static func read(_ reference: FileReference, _ output: URL) throws -> Data {
        let path = output.appendingPathComponent(PublishLayout.localPath(of: reference.url)).path
        guard let packed = FileManager.default.contents(atPath: path) else {
            throw PublishError.previousCatalog(
                path: path,
                message:
                    "a file the current catalog.json refers to is missing; restore it or publish into an empty folder")
        }
        guard reference.mismatch(in: packed) == nil else {
            throw PublishError.previousCatalog(
                path: path, message: "the file does not match its size and SHA-256 in the catalog")
        }
        do { return try Gzip.decompress(packed, limit: 1 << 32) } catch {
            throw PublishError.previousCatalog(path: path, message: "\(error)")
        }
    }

    static func lines(of reference: FileReference, _ output: URL) throws -> [Data] {
        try JSONLines.lines(of: read(reference, output)).map { Data($0) }
    }
}
