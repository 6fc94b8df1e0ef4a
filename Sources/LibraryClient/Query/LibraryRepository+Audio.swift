import CatalogFormat
import Foundation
import GRDB

/// An installed item's audio file: where it is, how large it is and its SHA-256 (a stable
/// validator for caches, e.g. an HTTP `ETag`).
///
/// ```swift
/// if let audio = try await library.items.fetchInstalledAudio(itemID: row.id) {
///     player.play(url: audio.file)
/// }
/// ```
public struct InstalledAudio: Sendable, Hashable {
    /// The item's id.
    public var itemID: String
    /// The file under the data root's `AudioAssets/`.
    public var file: URL
    /// The file's size in bytes.
    public var bytes: Int64
    /// The file's SHA-256 (lowercase hex) as the pack's manifest declared it; nil when unknown.
    public var sha256: String?
    /// Where the catalog published the file (`…/packs/<id>/<version>/assets/<assetId>.<ext>`), when
    /// the pack came from an HTTP(S) catalog: immutable, so anyone may fetch it there and check it
    /// against ``sha256``; nil for a catalog folder.
    public var publishedURL: URL?

    /// An audio file from its fields.
    public init(itemID: String, file: URL, bytes: Int64, sha256: String?, publishedURL: URL? = nil) {
        self.itemID = itemID
        self.file = file
        self.bytes = bytes
        self.sha256 = sha256
        self.publishedURL = publishedURL
    }

    /// `remote` when it is an `http` or `https` URL.
    static func published(_ remote: String) -> URL? {
        guard let url = URL(string: remote), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme)
        else { return nil }
        return url
    }
}

extension LibraryRepository {
    /// The installed audio file of the item with `itemID` (either case); nil when the item is
    /// unknown, its pack is not installed, or its file is missing. Only files under the data root's
    /// `AudioAssets/` are ever returned.
    ///
    /// ```swift
    /// let audio = try await library.items.fetchInstalledAudio(itemID: "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10")
    /// print(audio?.file.path ?? "not installed")
    /// ```
    public func fetchInstalledAudio(itemID: String) async throws -> InstalledAudio? {
        guard let id = CanonicalID.parse(itemID) else { return nil }
        let stored = try await context.database.read { db in
            try LocalAssetRecord.all().playing(itemID: id).fetchOne(db).map { ($0.localPath, $0.sha256, $0.remoteURL) }
        }
        guard let stored, let localPath = stored.0, !localPath.isEmpty else { return nil }
        let paths = context.paths
        let file = paths.file(forLocalPath: localPath).standardizedFileURL
        let assets = paths.audioAssets.standardizedFileURL.path + "/"
        guard file.path.hasPrefix(assets) else { return nil }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.int64Value
        else { return nil }
        return InstalledAudio(
            itemID: id, file: file, bytes: size, sha256: stored.1, publishedURL: InstalledAudio.published(stored.2))
    }
}

extension LibraryRepository {
    /// The origins (`scheme://host[:port]`) the installed packs' files are published at, when they
    /// came from HTTP(S) catalogs: a relay's listen page lets its players fetch from these.
    package func fetchPublishedOrigins() async throws -> [String] {
        let remotes = try await context.database.read { db in
            try String.fetchAll(
                db, LocalAssetRecord.select(LocalAssetRecord.Columns.remoteURL).group(LocalAssetRecord.Columns.packId))
        }
        var origins: [String] = []
        for remote in remotes {
            guard let url = InstalledAudio.published(remote), let scheme = url.scheme?.lowercased(), let host = url.host
            else { continue }
            let origin = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
            if !origins.contains(origin) { origins.append(origin) }
        }
        return origins
    }
}
