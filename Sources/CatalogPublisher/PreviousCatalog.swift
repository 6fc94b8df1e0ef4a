import CatalogModel
import Foundation

/// The catalog already in the output folder, if any: its catalog.json (and exact bytes) and
/// its seed — what the identity rules compare against.
struct PreviousCatalog {
    var document: CatalogDocument
    var bytes: Data
    var seed: Seed
    var seedBytes: Data

    /// Reads `<output>/catalog.json` and its seed; nil when there is none yet.
    static func load(from output: URL) throws -> PreviousCatalog? {
        let path = output.appendingPathComponent("catalog.json").path
        guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
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
        return PreviousCatalog(document: document, bytes: bytes, seed: seed, seedBytes: seedBytes)
    }
}

/// Paths and URLs inside a published folder.
enum PublishLayout {
    static func manifestPath(packId: String, version: Int) -> String { "packs/\(packId)/\(version)/manifest.json" }
    static func archivePath(packId: String, version: Int) -> String { "packs/\(packId)/\(version)/pack.tar" }
    static func seedPath(sha256: String) -> String { "seeds/\(sha256).json" }
    static func signaturePath(sha256: String) -> String { "signatures/\(sha256).sig" }

    /// A published URL as written in catalog.json (`baseURL` + path, or the path alone).
    static func url(_ path: String, baseURL: String?) -> String {
        guard let base = baseURL else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// The folder-relative path of a URL written by this publisher (strips the base URL).
    static func localPath(of url: String) -> String {
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), let parsed = URL(string: url) else { return url }
        let parts = parsed.path.split(separator: "/")
        for marker in ["seeds", "packs", "signatures"] {
            if let i = parts.firstIndex(where: { $0 == marker }) { return parts[i...].joined(separator: "/") }
        }
        return parsed.lastPathComponent
    }
}
