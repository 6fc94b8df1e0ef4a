import CArchive
import Foundation
import PackTar

/// Streaming tar reader over a file or over bytes arriving from a caller-supplied source.
///
/// Only tar formats (ustar, pax, GNU) are recognised, without compression. Headers are
/// returned as they are stored: check them (``PackArchiveExtractor`` does) before using
/// any data. Warnings from libarchive are treated as errors. Data is read in chunks into
/// the caller's buffer; no entry is ever held in memory whole.
///
/// ```swift
/// let reader = try PackArchiveReader(path: "/tmp/pack.tar")
/// defer { reader.close() }
/// var buffer = [UInt8](repeating: 0, count: 65_536)
/// while let entry = try reader.nextEntry() {
///     var count = 0
///     repeat {
///         count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
///         consume(entry, buffer[..<count])
///     } while count > 0
/// }
/// ```
public final class PackArchiveReader {
    /// The bytes asked of the file system at a time.
    public static let blockSize = 1 << 20

    /// The archive file path, or the display name given for a stream.
    public let archiveName: String

    private var handle: OpaquePointer?
    private let source: StreamSource?
    private var current: PackArchiveEntry?
    private var entryCount = 0

    /// Opens the archive file at `path`.
    public init(path: String) throws(PackArchiveError) {
        archiveName = path
        source = nil
        let a = try makeHandle()
        let status = archive_read_open_filename(a, path, Self.blockSize)
        try check(status, "the file cannot be opened as a tar archive")
    }

    /// Reads an archive from a stream of bytes, for example a download in progress.
    ///
    /// `readBlock` is called whenever more bytes are needed; it returns the next bytes
    /// (of any size; empty blocks are skipped), or `nil` at the end of the stream. An error
    /// it throws fails the read and is kept as ``PackArchiveError/underlying``.
    ///
    /// ```swift
    /// let reader = try PackArchiveReader(name: url.lastPathComponent) {
    ///     try download.nextChunk()   // Data?, nil when complete
    /// }
    /// ```
    ///
    /// - Parameter name: how the archive is named in error messages.
    public init(name: String, readBlock: @escaping () throws -> Data?) throws(PackArchiveError) {
        archiveName = name
        let source = StreamSource(readBlock)
        self.source = source
        let a = try makeHandle()
        // Unretained is enough: `source` is a constant of this reader, and the handle that
        // holds the pointer is freed (close() or deinit) before the reader releases `source`.
        let context = Unmanaged.passUnretained(source).toOpaque()
        let status = archive_read_open(
            a, context, nil,
            { _, context, buffer in
                guard let context, let buffer else { return -1 }
                let source = Unmanaged<StreamSource>.fromOpaque(context).takeUnretainedValue()
                return source.next(into: buffer)
            }, nil)
        try check(status, "the stream cannot be read as a tar archive")
    }

    deinit {
        close()
    }

    /// Advances to the next entry header, or returns `nil` at the end of the archive.
    ///
    /// The remaining data of the previous entry, if any, is skipped.
    public func nextEntry() throws(PackArchiveError) -> PackArchiveEntry? {
        let a = try openHandle()
        current = nil
        var entry: OpaquePointer?
        let status = archive_read_next_header(a, &entry)
        if status == ARCHIVE_EOF {
            return nil
        }
        entryCount += 1
        let description = entry.map { Self.describe($0, index: entryCount) }
        let label = description?.displayName ?? "#\(entryCount)"
        try check(status, "the header cannot be read", entry: label)
        guard let description else {
            throw fail("libarchive returned no header; \(PackArchiveError.discardAdvice)", entry: label)
        }
        current = description
        return description
    }

    /// Reads the current entry's data into `buffer`; returns the byte count, 0 at the entry's
    /// end (or when `buffer` is empty).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(PackArchiveError) -> Int {
        let a = try openHandle()
        guard let current else {
            throw fail("read(into:) was called with no current entry; call nextEntry() first")
        }
        guard buffer.count > 0, let base = buffer.baseAddress else { return 0 }
        let n = archive_read_data(a, base, buffer.count)
        if n < 0 {
            try check(Int32(truncatingIfNeeded: n), "the data cannot be read", entry: current.displayName)
            return 0
        }
        return n
    }

    /// Releases the archive handle and closes the file; safe to call more than once.
    public func close() {
        if let handle {
            archive_read_free(handle)
            self.handle = nil
        }
        current = nil
    }

    // MARK: - Helpers

    private func makeHandle() throws(PackArchiveError) -> OpaquePointer {
        guard let a = archive_read_new() else {
            throw fail("libarchive could not allocate a reader; the system is out of memory")
        }
        handle = a
        try check(archive_read_support_format_tar(a), "tar support cannot be enabled")
        return a
    }

    private func openHandle() throws(PackArchiveError) -> OpaquePointer {
        guard let handle else {
            throw fail("the reader is closed or failed; open the archive again")
        }
        return handle
    }

    /// Throws for any status other than `ARCHIVE_OK` (warnings included) and frees the handle.
    private func check(_ status: Int32, _ what: String, entry: String? = nil) throws(PackArchiveError) {
        guard status != ARCHIVE_OK else { return }
        let detail = handle.flatMap { archive_error_string($0) }.map { String(cString: $0) }
        let underlying = source?.takeError()
        close()
        var message = what
        if let detail { message += " (\(detail))" }
        if underlying != nil { message += " because the byte source failed" }
        message += "; " + PackArchiveError.discardAdvice
        throw PackArchiveError(archive: archiveName, entry: entry, message: message, underlying: underlying)
    }

    private func fail(_ message: String, entry: String? = nil) -> PackArchiveError {
        PackArchiveError(archive: archiveName, entry: entry, message: message)
    }

    private static func describe(_ entry: OpaquePointer, index: Int) -> PackArchiveEntry {
        let name = text(archive_entry_pathname_utf8(entry)) ?? text(archive_entry_pathname(entry))
        let hardlink = text(archive_entry_hardlink_utf8(entry)) ?? text(archive_entry_hardlink(entry))
        let symlink = text(archive_entry_symlink_utf8(entry)) ?? text(archive_entry_symlink(entry))
        let isHardlink = archive_entry_hardlink(entry) != nil || hardlink != nil
        let type: EntryType
        switch archive_entry_filetype(entry) & UInt32(SHIM_AE_IFMT) {
        case _ where isHardlink: type = .hardlink
        case UInt32(SHIM_AE_IFREG): type = .regular
        case UInt32(SHIM_AE_IFDIR): type = .directory
        case UInt32(SHIM_AE_IFLNK): type = .symlink
        default: type = .other
        }
        let size = archive_entry_size_is_set(entry) != 0 ? archive_entry_size(entry) : -1
        return PackArchiveEntry(
            name: name, type: type, size: size,
            linkTarget: isHardlink ? hardlink : symlink,
            isSparse: archive_entry_sparse_count(entry) > 0, index: index)
    }

    /// Decodes a C string as UTF-8, or `nil` when it is missing or not valid UTF-8.
    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.flatMap { String(validatingCString: $0) }
    }
}

extension PackArchiveReader: PackArchiveEntrySource {}
