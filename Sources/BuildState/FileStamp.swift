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

    package init(paths: [String], takenAt: Int64 = FileStat.now()) {
        self.takenAt = takenAt
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

    /// The stamp in a few bytes a stat (kept in the store: decoding JSON for every file of a large
    /// catalog cost more than the stats themselves).
    package var encoded: Data {
        var data = Data(capacity: 8 + stats.count * 41)
        func append(_ value: Int64) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        append(takenAt)
        for stat in stats {
            guard let stat else {
                data.append(0)
                continue
            }
            data.append(1)
            for value in [
                Int64(bitPattern: stat.device), Int64(bitPattern: stat.inode), stat.size, stat.modified, stat.changed,
            ] {
                append(value)
            }
        }
        return data
    }

    /// A stamp from ``encoded``; nil for bytes that are not one.
    package init?(encoded data: Data) {
        let bytes = [UInt8](data)
        var at = 0
        func next() -> Int64? {
            guard at + 8 <= bytes.count else { return nil }
            var value: Int64 = 0
            for index in 0..<8 { value |= Int64(bytes[at + index]) << (8 * index) }
            at += 8
            return value
        }
        guard let taken = next() else { return nil }
        takenAt = taken
        stats = []
        while at < bytes.count {
            let present = bytes[at]
            at += 1
            guard present == 1 else {
                guard present == 0 else { return nil }
                stats.append(nil)
                continue
            }
            guard let device = next(), let inode = next(), let size = next(), let modified = next(),
                let changed = next()
            else { return nil }
            stats.append(
                FileStat(
                    device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode), size: size,
                    modified: modified, changed: changed))
        }
    }

    /// A short digest of the stats, to compare many stamps at once.
    package var digest: String {
        var hasher = SHA256()
        for stat in stats {
            let text = stat.map { "\($0.device) \($0.inode) \($0.size) \($0.modified)\n" } ?? "-\n"
            hasher.update(data: Data(text.utf8))
        }
        return BuildStateStore.hex(hasher.finalize())
    }
}

/// Which build of the tools made a record: a record of another build is not trusted (its rules
/// may have changed). The sizes and modification times of the authoring tools beside the running
/// executable (`packer` and `catalog`, built and installed together), so `packer validate` and
/// `catalog publish` share their records; the running executable's own when it is neither.
package enum ToolStamp {
    /// The executables whose build a record depends on.
    static let tools = ["catalog", "packer"]

    package static let current: String = {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        return stamp(running: path)
    }()

    /// The stamp of the build `path` (an executable) belongs to.
    package static func stamp(running path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var paths = tools.map { folder + "/" + $0 }.filter { FileStat.of(path: $0) != nil }
        if !tools.contains(name) || paths.isEmpty { paths.append(path) }
        let parts = paths.map { path in FileStat.of(path: path).map { "\($0.size) \($0.modified)" } ?? "unknown" }
        return "\(BuildStateStore.layoutVersion) " + parts.joined(separator: " ")
    }
}
