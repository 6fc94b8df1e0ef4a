import Foundation

/// A small file system for disk-full tests: a tmpfs mounted on a temporary folder (root only,
/// as on this project's machines), grown or shrunk mid-test, unmounted by ``unmount()``.
///
/// ```swift
/// guard let disk = try SmallDisk(bytes: 4 << 20) else { return }   // nil: mounting is not allowed here
/// defer { disk.unmount() }
/// ```
public final class SmallDisk: @unchecked Sendable {
    public let url: URL

    /// Whether this process may mount a tmpfs (it runs as root and `mount` exists).
    public static var isAvailable: Bool {
        geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")
    }

    /// Mounts a tmpfs of `bytes` (rounded up to pages); nil when mounting is not allowed.
    public init?(bytes: Int64) throws {
        guard Self.isAvailable else { return nil }
        url = FileManager.default.temporaryDirectory.appendingPathComponent("small-disk-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        guard Self.mount(["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", url.path]) else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
    }

    /// Sets the size to `bytes` (not below what the files use).
    public func resize(_ bytes: Int64) {
        _ = Self.mount(["-o", "remount,size=\(bytes)", url.path])
    }

    /// Makes the file system read-only (a mounted backup, a locked volume), or writable again.
    public func setReadOnly(_ readOnly: Bool) {
        _ = Self.mount(["-o", readOnly ? "remount,ro" : "remount,rw", url.path])
    }

    /// Bytes in use on the file system.
    public var used: Int64 {
        var stats = statvfs()
        guard statvfs(url.path, &stats) == 0 else { return 0 }
        return Int64(stats.f_blocks - stats.f_bfree) * Int64(stats.f_frsize)
    }

    public func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    public func unmount() {
        setReadOnly(false)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/umount")
        process.arguments = [url.path]
        try? process.run()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: url)
    }

    private static func mount(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
