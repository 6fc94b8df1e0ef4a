import Foundation
import POSIXWrite

/// Writes a file by writing a temporary sibling, syncing it and renaming it into place, so a
/// reader sees the old or the new content, never a half-written one. New files are
/// world-readable (0644).
///
/// ```swift
/// try AtomicFile.write(data, to: "dist/catalog.json")
/// ```
public enum AtomicFile {
    /// `durable: false` skips the fsync: still all-or-nothing for readers, but a power loss may
    /// lose the new content (for build outputs checked by hash later, where an fsync would make
    /// the file system flush everything else written so far).
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o644, durable: Bool = true) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let temp =
            (directory.isEmpty ? "." : directory)
            + "/.\((path as NSString).lastPathComponent).\(UUID().uuidString.prefix(8)).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else { throw POSIXFailure(operation: "create", path: temp) }
        var ok = (try? data.withUnsafeBytes { try writeAll(fd, $0, path: temp) }) != nil
        if durable { ok = ok && fsync(fd) == 0 }
        fchmod(fd, mode)
        close(fd)
        guard ok, rename(temp, path) == 0 else {
            unlink(temp)
            throw POSIXFailure(operation: "write", path: path)
        }
    }
}

/// Writes every byte of `bytes` to `fd`, retrying short writes and EINTR; a failure throws a
/// ``POSIXFailure`` naming `path`.
///
/// ```swift
/// try data.withUnsafeBytes { try writeAll(fd, $0, path: path) }
/// ```
public func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
    do throws(WriteAllFailure) {
        try POSIXWrite.writeAll(fd, bytes, path: path)
    } catch {
        throw POSIXFailure(operation: "write", path: error.path, code: error.code)
    }
}

/// A failed system call, with the path and errno's text.
public struct POSIXFailure: Error, Sendable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var code: Int32

    public init(operation: String, path: String, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var description: String { "\(path): cannot \(operation): \(String(cString: strerror(code)))" }
}
