import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A byte range of a local file: the body of one upload request (a whole small file, or one
/// part of a multipart upload), read from disk while it is sent rather than held in memory.
///
/// ```swift
/// let part = FileSlice(url: file, offset: 16 << 20, length: 16 << 20)
/// let hash = try part.sha256Hex()   // read through one 1 MiB buffer
/// ```
struct FileSlice: Sendable {
    var url: URL
    var offset: Int64
    var length: Int64

    /// The slice's SHA-256 in lowercase hex, read in 1 MiB blocks through one buffer.
    func sha256Hex() throws -> String {
        let reader = try FileSliceReader(self)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var hasher = SHA256()
        while true {
            let count = try reader.read(into: buffer)
            if count == 0 { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return SigV4Signer.hex(hasher.finalize())
    }

    /// The whole slice in memory, for a transport that sends a `Data` body (URLSession).
    func read() throws -> Data {
        var data = Data(count: Int(length))
        let reader = try FileSliceReader(self)
        var filled = 0
        try data.withUnsafeMutableBytes { bytes in
            while filled < bytes.count {
                let count = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
                if count == 0 { break }
                filled += count
            }
        }
        return data
    }

    /// Throws unless the file still has the size the upload was planned for (it changed since
    /// it was hashed: its stored SHA-256 would be wrong).
    func checkFileSize(_ expected: Int64) throws {
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
        guard size == expected else { throw Self.changed(url) }
    }

    static func changed(_ url: URL) -> CocoaError {
        CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
    }
}

/// Reads a ``FileSlice`` front to back with `pread`; throws when the file ends before the slice.
final class FileSliceReader {
    private let slice: FileSlice
    private let descriptor: Int32
    private(set) var position: Int64 = 0

    init(_ slice: FileSlice) throws {
        self.slice = slice
        descriptor = open(slice.url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: slice.url.path])
        }
    }

    deinit { close(descriptor) }

    var length: Int64 { slice.length }

    /// Copies the next bytes of the slice into `buffer`; returns how many, 0 at the slice's end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let wanted = Int(min(Int64(buffer.count), slice.length - position))
        guard wanted > 0, let base = buffer.baseAddress else { return 0 }
        while true {
            let count = pread(descriptor, base, wanted, off_t(slice.offset + position))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw count == 0
                    ? FileSlice.changed(slice.url)
                    : CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: slice.url.path])
            }
            position += Int64(count)
            return count
        }
    }
}
