import Foundation

/// The install's private folders under the data root, all on the same file system as
/// `AudioAssets/` so the final move is a rename:
///
/// ```
/// .staging/<packId>.lock             owner pid while an install runs
/// .staging/<packId>/downloads/<sha256>.part   resumable partial downloads (content-addressed)
/// .staging/<packId>/files/            the assembled, verified folder that becomes AudioAssets/<packId>
/// .staging/<packId>.old/              the previous folder during the switch
/// ```
struct StagingArea: Sendable {
    let paths: LibraryPaths
    let packId: String

    var base: URL { paths.root.appendingPathComponent(".staging", isDirectory: true) }
    var folder: URL { base.appendingPathComponent(packId, isDirectory: true) }
    var downloads: URL { folder.appendingPathComponent("downloads", isDirectory: true) }
    var files: URL { folder.appendingPathComponent("files", isDirectory: true) }
    var old: URL { base.appendingPathComponent(packId + ".old", isDirectory: true) }
    var lockFile: URL { base.appendingPathComponent(packId + ".lock") }
    /// `AudioAssets/<packId>/`
    var installed: URL { paths.audioAssets.appendingPathComponent(packId, isDirectory: true) }

    func partial(sha256: String) -> URL { downloads.appendingPathComponent(sha256.lowercased() + ".part") }

    /// Creates `downloads/` and an empty `files/` (kept as it is when `keep` names an archive
    /// extraction's checkpoint that exists: its files are where it goes on from); removes partial
    /// downloads not in `keep`.
    func prepare(keeping keep: Set<String>) throws {
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: downloads, withIntermediateDirectories: true)
            // An archive extraction's checkpoint kept: its files are where it goes on from.
            let resuming = keep.contains {
                $0.hasSuffix(".resume") && fm.fileExists(atPath: downloads.appendingPathComponent($0).path)
            }
            if !resuming, fm.fileExists(atPath: files.path) { try fm.removeItem(at: files) }
            try fm.createDirectory(at: files, withIntermediateDirectories: true)
            for name in try fm.contentsOfDirectory(atPath: downloads.path) where !keep.contains(name) {
                try fm.removeItem(at: downloads.appendingPathComponent(name))
            }
        } catch {
            throw PackInstallError.fileSystem(path: folder.path, step: "cannot prepare the staging folder", error)
        }
    }

    /// After a failure: removes everything but (when `keepPartials`) the partial downloads, and
    /// `files/` too when an archive extraction left a checkpoint to go on from.
    func cleanUp(keepPartials: Bool) {
        let fm = FileManager.default
        if keepPartials {
            let names = (try? fm.contentsOfDirectory(atPath: downloads.path)) ?? []
            if !names.contains(where: { $0.hasSuffix(".part.resume") }) { try? fm.removeItem(at: files) }
            if ((try? fm.contentsOfDirectory(atPath: downloads.path)) ?? []).isEmpty { try? fm.removeItem(at: folder) }
        } else {
            try? fm.removeItem(at: folder)
        }
    }

    /// Whether a partial download exists (something to resume).
    var hasPartials: Bool {
        !((try? FileManager.default.contentsOfDirectory(atPath: downloads.path)) ?? []).isEmpty
    }
}
