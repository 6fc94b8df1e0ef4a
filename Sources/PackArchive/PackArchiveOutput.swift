import POSIXWrite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a ``PackArchiveWriter`` sends the archive's bytes when it is not given a file path:
/// for example a writer that stages blocks and writes them on another thread.
///
/// ```swift
/// final class Collect: PackArchiveOutput {
///     var bytes: [UInt8] = []
///     func write(_ chunk: UnsafeRawBufferPointer) throws { bytes += chunk }
/// }
/// let writer = try PackArchiveWriter(output: Collect(), name: "pack.tar")
/// ```
public protocol PackArchiveOutput: AnyObject {
    /// Takes the next bytes of the archive, in order. `bytes` is valid only during the call,
    /// so keep a copy if needed. Throwing stops the archive; the writer reports the error.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// The writer's output as libarchive sees it: every block it hands over goes to `emit`; the
/// first error is kept so the writer can report it instead of libarchive's generic failure.
/// Retained by the writer for as long as libarchive may call it.
final class OutputSink {
    private let emit: (UnsafeRawBufferPointer) throws -> Void
    private(set) var failure: (any Error)?

    init(_ emit: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.emit = emit
    }

    /// A sink writing every block to `fd` (the file at `path`) in full.
    convenience init(fd: Int32, path: String) {
        self.init { bytes in
            do throws(WriteAllFailure) {
                try writeAll(fd, bytes, path: path)
            } catch {
                throw SinkWriteFailure(code: error.code)
            }
        }
    }

    /// libarchive's write callback: the byte count on success, -1 on failure.
    func write(_ buffer: UnsafeRawPointer, _ length: Int) -> Int {
        guard failure == nil else { return -1 }
        do {
            try emit(UnsafeRawBufferPointer(start: buffer, count: length))
            return length
        } catch {
            failure = error
            return -1
        }
    }
}

/// A failed write(2) to the archive file.
struct SinkWriteFailure: Error, CustomStringConvertible {
    let code: Int32
    var description: String { String(cString: strerror(code)) }
}
