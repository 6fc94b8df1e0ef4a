#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `write(2)` that failed for good: the file it was writing and `errno`.
package struct WriteAllFailure: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var code: Int32

    package init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    package var description: String { "\(path): cannot write: \(String(cString: strerror(code)))" }
}

/// Writes every byte of `bytes` to `fd`: a write interrupted by a signal (EINTR) is retried, a
/// short write is continued from where it stopped, and any other failure throws with `path`
/// and `errno` (EIO for a write that took nothing).
///
/// `chunk` gets the number of bytes still to write and returns how many to pass to one
/// `write(2)` (all of them by default; fewer to keep O_DIRECT writes block-aligned).
/// `retry` gets the `errno` of a failed write and returns true to try the same bytes again
/// (after, say, leaving O_DIRECT).
///
/// ```swift
/// try data.withUnsafeBytes { try writeAll(fd, $0, path: path) }
/// ```
package func writeAll(
    _ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String,
    chunk: (Int) -> Int = { $0 }, retry: (Int32) -> Bool = { _ in false }
) throws(WriteAllFailure) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
        let n = write(fd, base + offset, chunk(bytes.count - offset))
        let code = errno
        if n < 0 && code == EINTR { continue }
        if n < 0 && retry(code) { continue }
        guard n > 0 else { throw WriteAllFailure(path: path, code: n == 0 ? EIO : code) }
        offset += n
    }
}
