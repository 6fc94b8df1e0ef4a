import AudioAnalysis
import BuildState
import CatalogModel
import Crypto
import Foundation

/// SHA-256 digests of files keyed by their ``FileStat``, kept between builds in
/// `digests/` of the build caches' folder (``BuildSettings/cacheFolder``), never beside the
/// published files: a file whose device, inode, size and time stamps are those recorded
/// has the recorded digest without being read (git's index does the same).
///
/// An entry is trusted only if the file's last write was more than one time-stamp tick before
/// the entry was taken ("racy" entries are not kept), so a write after the entry always changes
/// what `stat` says. Entries are written to a temporary name and renamed; an unreadable entry
/// is missing.
///
/// ```swift
/// let digests = FileDigests.standard(in: settings.cacheFolder)
/// digests.record(stat, sha256: hex)            // after hashing the file
/// digests.digest(of: "audio/creek.wav")?.sha256 // without reading it
/// ```
struct FileDigests: Sendable {
    let folder: URL

    struct Entry: Codable {
        var stat: FileStat
        var sha256: String
        /// When `stat` was seen with this content (nanoseconds since 1970).
        var checkedAt: Int64
    }

    /// `<caches>/digests`; by default `~/.cache/soundshelf/digests`.
    static func standard(in caches: URL = CacheFiles.defaultFolder) -> Self {
        Self(folder: CacheFiles.folder("digests", in: caches))
    }

    private func file(_ stat: FileStat) -> URL { folder.appendingPathComponent("\(stat.device)-\(stat.inode).json") }

    /// The digest of the file at `path` if its current ``FileStat`` is the one recorded.
    func digest(of path: String) -> (sha256: String, stat: FileStat)? {
        guard let stat = FileStat.of(path: path) else { return nil }
        return digest(of: stat).map { ($0, stat) }
    }

    /// The digest recorded for exactly `stat`, when the entry can be trusted.
    func digest(of stat: FileStat) -> String? {
        guard let data = FileManager.default.contents(atPath: file(stat).path),
            let entry = try? JSONDecoder().decode(Entry.self, from: data),
            entry.stat == stat, Self.settled(stat, at: entry.checkedAt)
        else { return nil }
        return entry.sha256
    }

    /// The SHA-256 and size of the file at `path`: from the recorded entry when its stat still
    /// matches, else by reading it (and recording the result when the file held still).
    func sha256(ofFileAt path: String) throws -> (sha256: String, bytes: Int64) {
        if let (sha256, stat) = digest(of: path) { return (sha256, stat.size) }
        let before = FileStat.of(path: path)
        let hashed = try SHA256Digest.file(atPath: path)
        if let before, FileStat.of(path: path) == before, before.size == hashed.bytes {
            record(before, sha256: hashed.sha256)
        }
        return hashed
    }

    /// The SHA-256 of the last file seen whose size and first chunk hash to `start`
    /// (``startKey(size:first:)``): which cached analysis a file read for the first time most
    /// likely has, before the rest of it is read.
    func digest(ofStart start: String) -> String? {
        guard let data = FileManager.default.contents(atPath: startFile(start).path),
            let text = String(data: data, encoding: .utf8), SHA256Digest.isHex(text)
        else { return nil }
        return text
    }

    func record(start: String, sha256: String) {
        CacheFiles.write(Data(sha256.utf8), to: startFile(start))
    }

    static func startKey(size: Int64, first: UnsafeRawBufferPointer) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("\(size) \(first.count)\n".utf8))
        hasher.update(bufferPointer: first)
        return SHA256Digest.hex(hasher.finalize())
    }

    private func startFile(_ start: String) -> URL { folder.appendingPathComponent("start-\(start)") }

    /// Whether a write after `checkedAt` would change `stat`'s modification time.
    static func settled(_ stat: FileStat, at checkedAt: Int64) -> Bool {
        stat.modified < checkedAt - stat.stampGranularity
    }

    /// Records that the file `stat` describes, as seen at `checkedAt` (default now), hashes to
    /// `sha256`; a racy stat is not recorded. A cache that cannot be written costs a read later.
    func record(_ stat: FileStat, sha256: String, checkedAt: Int64 = FileStat.now()) {
        guard Self.settled(stat, at: checkedAt),
            let data = try? JSONEncoder().encode(Entry(stat: stat, sha256: sha256, checkedAt: checkedAt))
        else { return }
        CacheFiles.write(data, to: file(stat))
    }
}
