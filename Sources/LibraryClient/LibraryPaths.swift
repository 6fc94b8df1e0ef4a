import Foundation

/// Where a data root keeps things: `library.sqlite`, `AudioAssets/`, `facet-index.bin`.
///
/// ```swift
/// let paths = LibraryPaths(root: URL(fileURLWithPath: "/data/soundshelf"))
/// paths.database.path          // "/data/soundshelf/library.sqlite"
/// paths.file(forLocalPath: "AudioAssets/p/a.aac")
/// ```
public struct LibraryPaths: Sendable, Hashable {
    /// The data root (the app's Application Support folder).
    public let root: URL

    /// The layout of the data root at `root`.
    public init(root: URL) { self.root = root.standardizedFileURL }

    /// The SQLite database.
    public var database: URL { root.appendingPathComponent("library.sqlite") }
    /// Installed audio: `AudioAssets/<packId>/<assetId>.<ext>`.
    public var audioAssets: URL { root.appendingPathComponent("AudioAssets", isDirectory: true) }
    /// The persisted facet index.
    public var facetIndex: URL { root.appendingPathComponent("facet-index.bin") }
    /// Where a first import's facet index waits for the commit.
    var facetIndexPrebuilt: URL { root.appendingPathComponent("facet-index.prebuilt") }

    /// The file a `local_asset.local_path` (relative to the root) names.
    public func file(forLocalPath localPath: String) -> URL {
        root.appendingPathComponent(localPath)
    }

    /// Whether the file a `local_path` names exists.
    public func fileExists(localPath: String?) -> Bool {
        guard let localPath, !localPath.isEmpty else { return false }
        return FileManager.default.fileExists(atPath: file(forLocalPath: localPath).path)
    }
}
