import Foundation

/// The build caches' shared ground: where they live (a folder the tool names, default
/// `~/.cache/soundshelf/`, never beside the published files) and how an entry is written (to a
/// temporary name, then renamed, so two builds at once never read half a file). The library
/// never reads the environment: `packer` and `catalog` pass `$XDG_CACHE_HOME/soundshelf` in.
///
/// ```swift
/// let folder = CacheFiles.folder("analysis", in: caches)   // caches/analysis
/// CacheFiles.write(data, to: folder.appendingPathComponent("\(sha256).json"))
/// ```
package enum CacheFiles {
    /// `~/.cache/soundshelf`, from the user's home directory: where the caches live when the
    /// caller names no other folder.
    package static var defaultFolder: URL {
        FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/soundshelf")
    }

    /// `<caches>/<name>`: one cache's folder inside the build caches' folder.
    package static func folder(_ name: String, in caches: URL = defaultFolder) -> URL {
        caches.appendingPathComponent(name)
    }

    /// Writes `data` to `file` through a temporary name in the same folder (created when
    /// missing). Best effort: an entry that cannot be written only costs work later.
    package static func write(_ data: Data, to file: URL) {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString.prefix(8))")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else { return }
        if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
    }
}
