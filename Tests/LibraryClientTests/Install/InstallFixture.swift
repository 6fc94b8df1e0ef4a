import CatalogModel
import Foundation
import GRDB
import TestSupport

@testable import LibraryClient

/// A published copy of the demo catalog (built by the real `catalog publish`), a data root, and
/// helpers to serve, sync, tamper with and inspect it — one per test.
final class InstallFixture: @unchecked Sendable {
    static let dungeon = "a731dff3-4c29-42a8-b2ee-35179ce591f7"

    let tmp: TemporaryDirectory
    let source: String
    let dist: URL
    let root: URL
    private(set) var library: Library!

    init() throws {
        tmp = try TemporaryDirectory(prefix: "install")
        source = try DemoCatalog.copyCatalog(into: tmp)
        dist = tmp.url.appendingPathComponent("dist")
        root = tmp.url.appendingPathComponent("root")
        try publish()
    }

    /// Runs the built `catalog publish` on the source copy.
    func publish() throws {
        let result = try ToolRunner.run("catalog", ["publish", dist.path, "--source", source, "--schema-version", "1"])
        guard result.status == 0 else { throw FixtureError("catalog publish failed: \(result.stderr)") }
    }

    /// Opens the library and syncs it from `catalog` (a URL or the dist folder), through
    /// `transport` when given.
    @discardableResult
    func sync(from catalog: String, transport: (any CatalogTransport)? = nil) async throws -> SyncResult {
        if library == nil { library = try Library(root: root) }
        let options = SyncOptions(catalog: try CatalogLocation(catalog).catalogURL)
        if let transport { return try await library.sync(options, transport: transport) }
        return try await library.sync(options)
    }

    func manager(_ policy: DownloadPolicy = InstallFixture.fastPolicy) -> PackDownloadManager {
        library.makeDownloadManager(policy: policy)
    }

    static let fastPolicy = DownloadPolicy(stallTimeout: 3, maxRetries: 3, retryDelay: 0.05, progressInterval: 0.02)

    // MARK: - The published files

    func packFolder(_ packId: String = dungeon, version: Int = 1) -> URL {
        dist.appendingPathComponent("packs/\(packId)/\(version)")
    }

    func manifest(_ packId: String = dungeon, version: Int = 1) throws -> Manifest {
        let url = packFolder(packId, version: version).appendingPathComponent("manifest.json")
        return try CatalogJSON.decode(Manifest.self, from: Data(contentsOf: url), file: url.path)
    }

    /// `/packs/<id>/<v>/pack.tar` as a request path.
    func archivePath(_ packId: String = dungeon, version: Int = 1) -> String { "/packs/\(packId)/\(version)/pack.tar" }

    /// Replaces the published archive with `tar` and re-points manifest.json and catalog.json at its
    /// hash and size, so the client gets past every hash check and reaches extraction.
    func replaceArchive(with tar: URL, packId: String = dungeon) throws {
        let folder = packFolder(packId)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("pack.tar"))
        try FileManager.default.copyItem(at: tar, to: folder.appendingPathComponent("pack.tar"))
        let (sha, bytes) = try SHA256Digest.file(atPath: tar.path)
        var manifest = try manifest(packId)
        manifest.archive = Manifest.Archive(url: "pack.tar", sha256: sha, bytes: bytes)
        try rewriteManifest(
            manifest, archive: FileReference(url: "packs/\(packId)/1/pack.tar", sha256: sha, bytes: bytes))
    }

    /// Writes `manifest` as the published manifest.json and updates catalog.json's entry to match.
    func rewriteManifest(_ manifest: Manifest, archive: FileReference?? = .none) throws {
        let packId = manifest.packId
        let data = try CatalogJSON.encode(manifest)
        try data.write(to: packFolder(packId, version: manifest.version).appendingPathComponent("manifest.json"))
        let catalogURL = dist.appendingPathComponent("catalog.json")
        var catalog = try CatalogJSON.decode(
            CatalogDocument.self, from: Data(contentsOf: catalogURL), file: "catalog.json")
        guard let index = catalog.packs.firstIndex(where: { $0.id == packId }) else {
            throw FixtureError("no pack \(packId)")
        }
        catalog.packs[index].manifest = FileReference(
            url: catalog.packs[index].manifest.url, sha256: SHA256Digest.hex(of: data),
            bytes: Int64(data.count))
        if case .some(let archive) = archive { catalog.packs[index].archive = archive }
        try CatalogJSON.encode(catalog).write(to: catalogURL)
    }

    /// Flips one byte in the middle of a published file (same size, wrong hash).
    func corrupt(_ file: URL) throws {
        var data = try Data(contentsOf: file)
        data[data.count / 2] ^= 0xFF
        try data.write(to: file)
    }

    // MARK: - The installed state

    func state(_ packId: String = dungeon) async throws -> PackStateRecord {
        try await library.database.writer.read { try PackStateRecord.fetchOne($0, key: packId) }!
    }

    func localAssets(_ packId: String = dungeon) async throws -> [LocalAssetRecord] {
        try await library.database.writer.read {
            try LocalAssetRecord.filter(LocalAssetRecord.Columns.packId == packId).fetchAll($0)
        }
    }

    func audioRowCount(_ packId: String = dungeon) async throws -> Int {
        try await library.database.writer.read { db in
            try Int.fetchOne(
                db,
                sql:
                    "SELECT COUNT(*) FROM item_local_audio ila JOIN pack_item pi ON pi.item_id = ila.item_id WHERE pi.pack_id = ?",
                arguments: [packId]) ?? 0
        }
    }

    /// Names in `AudioAssets/<packId>/` (empty when the folder is missing).
    func installedFiles(_ packId: String = dungeon) -> Set<String> {
        Set(
            (try? FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent("AudioAssets/\(packId)").path)) ?? [])
    }

    /// Assets of `manifest` whose installed file in `AudioAssets/<packId>/` is missing or has
    /// another SHA-256 (empty when every file is right).
    func wronglyInstalled(_ manifest: Manifest) -> [String] {
        let folder = root.appendingPathComponent("AudioAssets/\(manifest.packId)")
        return manifest.assets.filter { asset in
            (try? SHA256Digest.file(atPath: folder.appendingPathComponent(asset.fileName).path).sha256) != asset.sha256
        }.map(\.fileName)
    }

    /// Everything under `AudioAssets/` (relative paths), to prove a failure left it untouched.
    func audioAssetsTree() -> [String] {
        let base = root.appendingPathComponent("AudioAssets")
        let names = FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? []
        return names.sorted()
    }

    var staging: URL { root.appendingPathComponent(".staging") }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ text: String) { description = text }
}
