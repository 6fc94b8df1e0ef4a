import CatalogFormat
import Foundation
import GRDB

extension LibraryRepository {
    /// The installed file of take `take` (0-based) of the item with `itemID`; take 0 is the file
    /// ``fetchInstalledAudio(itemID:)`` returns. Nil when the item or take is unknown, not
    /// installed, or its file is missing; only files under `AudioAssets/` are ever returned.
    ///
    /// ```swift
    /// var picker = TakePicker(takes: detail.item.takeCount, playback: detail.item.playback)
    /// let trigger = picker.next(using: &generator)
    /// let audio = try await library.items.fetchInstalledAudio(itemID: detail.item.id, take: trigger.take)
    /// ```
    public func fetchInstalledAudio(itemID: String, take: Int) async throws -> InstalledAudio? {
        if take == 0 { return try await fetchInstalledAudio(itemID: itemID) }
        guard take > 0, let id = CanonicalID.parse(itemID) else { return nil }
        let stored = try await context.database.read { db in
            try LocalAssetRecord.all().recording(take: take, of: id).fetchOne(db).map {
                ($0.localPath, $0.sha256, $0.remoteURL)
            }
        }
        guard let stored, let localPath = stored.0, !localPath.isEmpty else { return nil }
        let paths = context.paths
        let file = paths.file(forLocalPath: localPath).standardizedFileURL
        guard file.path.hasPrefix(paths.audioAssets.standardizedFileURL.path + "/"),
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.int64Value
        else { return nil }
        return InstalledAudio(
            itemID: id, file: file, bytes: size, sha256: stored.1, publishedURL: InstalledAudio.published(stored.2))
    }
}
