import Foundation
import LibraryClient

/// Where the catalog publishes each installed file and its SHA-256, for players who fetch it
/// there rather than from the game master's upload (only for packs from an HTTP(S) catalog).
/// Kept for ``lifetime`` (a pack updated meanwhile has new addresses; the old ones still serve the
/// old, checked, file).
final class PublishedSources: @unchecked Sendable {
    struct Source: Sendable {
        let url: String
        let sha256: String
    }

    private struct Key: Hashable {
        let item: String
        let take: Int
    }

    static let lifetime: TimeInterval = 60
    let library: Library
    private let lock = NSLock()
    private var known: [Key: (source: Source?, at: Date)] = [:]

    init(library: Library) { self.library = library }

    /// The published place of an item's take, or nil (not installed, from a folder, no hash).
    func source(item: String, take: Int) async -> Source? {
        let key = Key(item: item, take: take)
        let now = Date()
        if let entry = lock.withLock({ known[key] }), now.timeIntervalSince(entry.at) < Self.lifetime {
            return entry.source
        }
        let audio = try? await library.items.fetchInstalledAudio(itemID: item, take: take)
        var source: Source?
        if let audio, let url = audio.publishedURL, let sha = audio.sha256 {
            source = Source(url: url.absoluteString, sha256: sha.lowercased())
        }
        lock.withLock {
            if known.count > 4096 { known = [:] }
            known[key] = (source, now)
        }
        return source
    }
}
