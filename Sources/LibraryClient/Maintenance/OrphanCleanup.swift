import Foundation
import GRDB

/// What `gc` removed (or, in a dry run, would remove).
///
/// ```swift
/// let result = try await library.collectGarbage(dryRun: true)
/// print(result.files, result.bytes)
/// ```
public struct OrphanCleanupResult: Sendable, Hashable {
    /// Files removed (or to remove).
    public var files: Int
    /// Their bytes.
    public var bytes: Int64
    /// True when nothing was deleted (a dry run only counted).
    public var dryRun: Bool
    /// Packs left alone because their install is running.
    public var skippedPacks: [String]

    /// A result from its counts.
    public init(files: Int = 0, bytes: Int64 = 0, dryRun: Bool, skippedPacks: [String] = []) {
        self.files = files
        self.bytes = bytes
        self.dryRun = dryRun
        self.skippedPacks = skippedPacks
    }
}

extension Library {
    /// Removes what the database does not reference: files under `AudioAssets/` without a
    /// `local_asset` row, folders there left without files, and the staging folders, partial
    /// downloads and stale locks of installs that are not running. A referenced file and anything
    /// of a running install (whose lock has a live owner) are never touched: each pack's folders are
    /// cleaned while holding its install lock, so an install cannot start meanwhile.
    ///
    /// ```swift
    /// let preview = try await library.collectGarbage(dryRun: true)
    /// if preview.files > 0 { try await library.collectGarbage() }
    /// ```
    @discardableResult
    public func collectGarbage(dryRun: Bool = false) async throws -> OrphanCleanupResult {
        let cleanup = OrphanCleanup(paths: paths, database: database, dryRun: dryRun)
        return try await Blocking.run { try cleanup.run() }
    }
}

/// The work of ``Library/collectGarbage(dryRun:)``.
struct OrphanCleanup: Sendable {
    let paths: LibraryPaths
    let database: AppDatabase
    let dryRun: Bool

    func run() throws -> OrphanCleanupResult {
        var result = OrphanCleanupResult(dryRun: dryRun)
        let fm = FileManager.default
        let staging = paths.root.appendingPathComponent(".staging", isDirectory: true)
        var packNames = Set(
            names(in: paths.audioAssets).filter { isDirectory(paths.audioAssets.appendingPathComponent($0)) })
        for name in names(in: staging) {
            if name.hasSuffix(".lock") {
                packNames.insert(String(name.dropLast(5)))
            } else if name.hasSuffix(".old") {
                packNames.insert(String(name.dropLast(4)))
            } else if isDirectory(staging.appendingPathComponent(name)) {
                packNames.insert(name)
            }
        }
        for name in packNames.sorted() {
            let area = StagingArea(paths: paths, packId: name)
            let staleLock = fm.fileExists(atPath: area.lockFile.path) ? fileBytes(area.lockFile) : nil
            guard let lock = try hold(area) else {
                result.skippedPacks.append(name)
                continue
            }
            defer { lock.release() }
            if let staleLock {
                result.files += 1
                result.bytes += staleLock
            }
            // A swap cut short by a killed install is finished or undone before `.old` may go.
            if !dryRun { try CommitRecovery(staging: area, database: database).recover() }
            for leftover in [area.folder, area.old] { remove(leftover, into: &result) }
            try cleanFolder(area.installed, keep: try referencedPaths(), into: &result)
        }
        // Files directly in AudioAssets/ (never an install's own place).
        let referenced = try referencedPaths()
        for name in names(in: paths.audioAssets) {
            let url = paths.audioAssets.appendingPathComponent(name)
            if !isDirectory(url), !referenced.contains(relative(url)) { remove(url, into: &result) }
        }
        if !dryRun, fm.fileExists(atPath: staging.path), names(in: staging).isEmpty { try? fm.removeItem(at: staging) }
        return result
    }

    /// The pack's install lock (taken over from a dead owner), or nil while an install runs.
    /// A dry run only looks.
    private func hold(_ area: StagingArea) throws -> Releasable? {
        if dryRun { return InstallLock.hasLiveOwner(area.lockFile) ? nil : Releasable {} }
        do {
            let lock = try InstallLock.acquire(area, wait: 0)
            return Releasable { lock.release() }
        } catch PackInstallError.busy {
            return nil
        }
    }

    private func referencedPaths() throws -> Set<String> {
        let paths = try database.writer.read { db in
            try LocalAssetRecord.all().installed().select(LocalAssetRecord.Columns.localPath, as: String.self)
                .fetchAll(db)
        }
        return Set(paths.map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 })
    }

    /// Removes the unreferenced files under `folder`, then the folders left without files.
    /// Returns whether `folder` itself is gone (or would be).
    @discardableResult
    private func cleanFolder(_ folder: URL, keep: Set<String>, into result: inout OrphanCleanupResult) throws -> Bool {
        guard isDirectory(folder) else { return false }
        var empty = true
        for name in names(in: folder) {
            let url = folder.appendingPathComponent(name)
            if isDirectory(url) {
                if !(try cleanFolder(url, keep: keep, into: &result)) { empty = false }
            } else if keep.contains(relative(url)) {
                empty = false
            } else {
                remove(url, into: &result)
            }
        }
        if empty && !dryRun { try? FileManager.default.removeItem(at: folder) }
        return empty
    }

    /// Counts every file under `url` (a file, link or folder) and removes it (unless a dry run).
    private func remove(_ url: URL, into result: inout OrphanCleanupResult) {
        let fm = FileManager.default
        guard (try? fm.attributesOfItem(atPath: url.path)) != nil else { return }
        if isDirectory(url) {
            for name in names(in: url) { remove(url.appendingPathComponent(name), into: &result) }
        } else {
            result.files += 1
            result.bytes += fileBytes(url) ?? 0
        }
        if !dryRun { try? fm.removeItem(at: url) }
    }

    private func fileBytes(_ url: URL) -> Int64? {
        ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.int64Value
    }

    /// The path relative to the data root, as `local_asset.local_path` spells it.
    private func relative(_ url: URL) -> String {
        let root = paths.root.path.hasSuffix("/") ? paths.root.path : paths.root.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// A real folder (a symbolic link to one is treated as a file: removed, never followed).
    private func isDirectory(_ url: URL) -> Bool {
        guard let type = try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType else {
            return false
        }
        return type == .typeDirectory
    }

    private func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}

/// A lock held for the length of one pack's cleanup.
private struct Releasable {
    let release: () -> Void
    init(_ release: @escaping () -> Void) { self.release = release }
}
