import Crypto
import Foundation

/// The stats of a list of files, taken together (a missing file counts as such): a record made
/// from those files is current while their stamp is the same. A stamp is kept only once every
/// file held still for a time-stamp tick before it was taken (as git's index and ``FileStat``'s
/// users do), so a write right after a read always changes it.
///
/// ```swift
/// let stamp = FileStamp(paths: ["pack.yaml", "audio/a.wav"])
/// stamp == FileStamp(paths: ["pack.yaml", "audio/a.wav"])   // true while neither was written
/// ```
package struct FileStamp: Codable, Equatable, Sendable {
    package var stats: [FileStat?]
    /// When the stats were taken (nanoseconds since 1970).
    package var takenAt: Int64

    package init(paths: [String]) {
        takenAt = FileStat.now()
        stats = paths.map { FileStat.of(path: $0) }
    }

    /// Same files, same content as far as the file system can tell (path, size, modification
    /// time, device and inode).
    package func sameFiles(as other: FileStamp) -> Bool {
        stats.count == other.stats.count
            && zip(stats, other.stats).allSatisfy { a, b in
                switch (a, b) {
                case (nil, nil): true
                case (let a?, let b?): a.sameContent(as: b)
                default: false
                }
            }
    }

    /// Whether a write after the stamp was taken would show in it: every file was last written
    /// more than a time-stamp tick before.
    package var isSettled: Bool {
        stats.allSatisfy { stat in stat.map { $0.modified < takenAt - $0.stampGranularity } ?? true }
    }

    /// A short digest of the stats, to compare many stamps at once.
    package var digest: String {
        var hasher = SHA256()
        for stat in stats {
            let text = stat.map { "\($0.device) \($0.inode) \($0.size) \($0.modified)\n" } ?? "-\n"
            hasher.update(data: Data(text.utf8))
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

/// Which build of the tools made a record: a record of another build is not trusted (its rules
/// may have changed). The running executable's size and modification time.
package enum ToolStamp {
    package static let current: String = {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        guard let stat = FileStat.of(path: path) else { return "unknown" }
        return "\(BuildStateStore.layoutVersion) \(stat.size) \(stat.modified)"
    }()
}
