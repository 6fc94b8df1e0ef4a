import Foundation

/// What `stat(2)` says of a file's identity and last change: enough, as in git's index, to
/// tell that a file whose digest was taken before has not been written since.
package struct FileStat: Codable, Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    /// Nanoseconds since 1970.
    package var modified: Int64
    /// Nanoseconds since 1970; moves on any change, including one that restores `modified`.
    package var changed: Int64

    package static func of(path: String) -> FileStat? {
        var info = stat()
        return stat(path, &info) == 0 ? FileStat(info) : nil
    }

    package static func of(descriptor: Int32) -> FileStat? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? FileStat(info) : nil
    }

    package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
    }

    /// Same file, same content as far as the file system can tell (the inode's change time
    /// aside, which a hard link moves).
    package func sameContent(as other: FileStat) -> Bool {
        device == other.device && inode == other.inode && size == other.size && modified == other.modified
    }

    /// How long after a write a file's time stamp may still read the same: one clock tick on
    /// file systems with nanosecond stamps, 2 s where stamps are whole seconds (FAT, some NFS).
    package var stampGranularity: Int64 { modified % 1_000_000_000 == 0 ? 2_000_000_000 : 25_000_000 }

    /// Nanoseconds since 1970, now.
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// `device:inode:size:modified`: what a record keeps to compare with ``sameContent(as:)``.
    package var recordText: String { "\(device):\(inode):\(size):\(modified)" }

    /// The stat a ``recordText`` stands for (its change time unknown: 0).
    package init?(recordText: String) {
        let parts = recordText.split(separator: ":").compactMap { Int64($0) }
        guard parts.count == 4 else { return nil }
        self.init(
            device: UInt64(bitPattern: parts[0]), inode: UInt64(bitPattern: parts[1]), size: parts[2],
            modified: parts[3], changed: 0)
    }
}
