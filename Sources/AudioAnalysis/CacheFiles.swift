import Foundation

/// The build caches' shared ground: where they live (`$XDG_CACHE_HOME/soundshelf/`, default
/// `~/.cache/soundshelf/`, never beside the published files) and how an entry is written (to a
/// temporary name, then renamed, so two builds at once never read half a file).
///
/// ```swift
/// let folder = CacheFiles.folder("analysis")           // …/soundshelf/analysis
/// CacheFiles.write(data, to: folder.appendingPathComponent("\(sha256).json"))
/// ```
package enum CacheFiles {
    /// `$XDG_CACHE_HOME/soundshelf/<name>`, else `~/.cache/soundshelf/<name>`.
    package static func folder(
        _ name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".cache")
        return base.appendingPathComponent("soundshelf").appendingPathComponent(name)
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
