import AudioAnalysis
import BuildState
import CatalogModel
import Foundation

/// Where earlier builds of the same content were published, kept between builds in `builds/`
/// of the build caches' folder (``BuildSettings/cacheFolder``; never beside the published
/// files), so a rebuild of an unchanged pack links the files it would write instead of writing
/// them (as `make` leaves an up-to-date target alone).
///
/// A record is keyed by everything the asset copies and the archive follow from: each asset's
/// name, size and SHA-256, and the archive's time stamp (so a new version of a pack whose audio
/// did not change links the files of the one before). It names up to four folders (newest first) and the archive entry they hold.
/// Nothing is taken on the record's word: each file is linked only if ``FileDigests`` vouches
/// that it still has the digest the new manifest names.
struct EarlierBuilds: Sendable {
    let folder: URL
    let digests: FileDigests

    struct Record: Codable {
        var folders: [String]
        var archive: Manifest.Archive
    }

    /// Bumped when the bytes a build writes for the same inputs change.
    static let layout = "pack-layout-1"

    /// `<caches>/builds`, with the digests of `<caches>/digests`.
    static func standard(in caches: URL = CacheFiles.defaultFolder) -> Self {
        Self(folder: CacheFiles.folder("builds", in: caches), digests: FileDigests.standard(in: caches))
    }

    static func key(for manifest: Manifest, mtime: Int64) -> String {
        let files = manifest.assets.map { "\($0.url) \($0.bytes) \($0.sha256)" }.sorted()
        return SHA256Digest.hex(of: Data((files + ["\(layout) mtime=\(mtime)"]).joined(separator: "\n").utf8))
    }

    private func file(_ key: String) -> URL { folder.appendingPathComponent("\(key).json") }

    func load(_ key: String) -> Record? {
        guard let data = FileManager.default.contents(atPath: file(key).path) else { return nil }
        return try? JSONDecoder().decode(Record.self, from: data)
    }

    /// Records that `published` now holds the build `key` names; a record that cannot be
    /// written only costs a full write next time.
    func record(_ key: String, published: URL, archive: Manifest.Archive) {
        let path = published.standardizedFileURL.path
        var folders = [path]
        if let earlier = load(key), earlier.archive == archive {
            folders += earlier.folders.filter { $0 != path }.prefix(3)
        }
        guard let data = try? JSONEncoder().encode(Record(folders: folders, archive: archive)) else { return }
        CacheFiles.write(data, to: file(key))
    }

    /// Hard-links into `staging` the asset copies and archive of an earlier build of `manifest`
    /// (`staging/assets/` must exist), each one verified against the digest `manifest` names;
    /// returns the archive entry, or nil with nothing left in `staging` when no earlier build
    /// can be vouched for whole (gone, changed, on another file system).
    func link(_ manifest: Manifest, key: String, into staging: URL) -> Manifest.Archive? {
        guard let record = load(key) else { return nil }
        let files = manifest.assets.map { ($0.url, $0.sha256) } + [(record.archive.url, record.archive.sha256)]
        for earlier in record.folders {
            var linked: [String] = []
            for (name, sha256) in files {
                let target = staging.appendingPathComponent(name).path
                guard linkVerified(from: "\(earlier)/\(name)", to: target, sha256: sha256) else { break }
                linked.append(target)
            }
            if linked.count == files.count { return record.archive }
            for path in linked { unlink(path) }
        }
        return nil
    }

    /// Links `source` to `target` if ``FileDigests`` knows `source` has `sha256` and the link
    /// reaches the very file that was vouched for.
    private func linkVerified(from source: String, to target: String, sha256: String) -> Bool {
        guard let (known, stat) = digests.digest(of: source), known == sha256 else { return false }
        guard Foundation.link(source, target) == 0 else { return false }
        guard let linked = FileStat.of(path: target), linked.sameContent(as: stat) else {
            unlink(target)
            return false
        }
        digests.record(linked, sha256: sha256)  // the link moved the inode's change time
        return true
    }
}
