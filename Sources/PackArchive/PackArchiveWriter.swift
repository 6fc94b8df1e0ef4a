import CArchive

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Deterministic pax (restricted) tar writer.
///
/// Entries are written in the order they are added: the caller sorts them. Every entry is a
/// regular file with mode 0644, uid/gid 0, empty user and group names and modification time
/// `mtime`; no access, change or birth times and no extended attributes are written, so the
/// same entries always give the same bytes. Data is streamed to the file through a 1 MiB block
/// buffer (or handed unblocked to a ``PackArchiveOutput``); no entry is ever held in memory whole.
///
/// The format is libarchive's restricted pax: plain ustar headers, plus a pax header only when
/// a name is longer than 100 bytes or a size exceeds 8 GiB. That pax header is named
/// `PaxHeader/<name>` and copies the entry's fields, so it holds no process id or clock value.
///
/// ```swift
/// let writer = try PackArchiveWriter(path: "/tmp/pack.tar", mtime: sourceDateEpoch ?? 0)
/// try writer.beginEntry(name: "a1b2.flac", size: Int64(bytes.count))
/// try bytes.withUnsafeBytes { try writer.write($0) }
/// try writer.finishEntry()
/// try writer.close()
/// ```
///
/// If a call throws, or the writer is released without ``close()``, the archive is left
/// incomplete (without the end-of-archive marker): the caller should delete it.
public final class PackArchiveWriter {
    /// The size of the blocks handed to the file system.
    public static let blockSize = 1 << 20

    /// The archive file being written.
    public let path: String
    /// The modification time given to every entry, in seconds since 1970.
    public let mtime: Int64

    private var handle: OpaquePointer?
    private var fd: Int32 = -1
    private var sink: OutputSink?
    private var current: (name: String, size: Int64, written: Int64)?

    /// Creates (or truncates) the archive file at `path`.
    ///
    /// - Parameter mtime: modification time of every entry; pass `SOURCE_DATE_EPOCH` when set.
    public convenience init(path: String, mtime: Int64 = 0) throws(PackArchiveError) {
        guard mtime >= 0 else {
            throw PackArchiveError(
                archive: path, message: "the entry time \(mtime) is before 1970; pass 0 or a SOURCE_DATE_EPOCH value")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw PackArchiveError(
                archive: path,
                message:
                    "cannot create the file (\(String(cString: strerror(errno)))); check that the folder exists and is writable"
            )
        }
        try self.init(name: path, mtime: mtime, sink: OutputSink(fd: fd, path: path), fd: fd, blockSize: Self.blockSize)
    }

    /// Streams the archive to `output` instead of a file, unblocked: `output` receives each
    /// header, data run and padding as libarchive produces them, and does its own buffering.
    ///
    /// - Parameter name: how errors name the archive (usually the path `output` writes to).
    public convenience init(output: PackArchiveOutput, name: String, mtime: Int64 = 0) throws(PackArchiveError) {
        guard mtime >= 0 else {
            throw PackArchiveError(
                archive: name, message: "the entry time \(mtime) is before 1970; pass 0 or a SOURCE_DATE_EPOCH value")
        }
        try self.init(name: name, mtime: mtime, sink: OutputSink { try output.write($0) }, fd: -1, blockSize: 0)
    }

    private init(name: String, mtime: Int64, sink: OutputSink, fd: Int32, blockSize: Int) throws(PackArchiveError) {
        self.path = name
        self.mtime = mtime
        self.fd = fd
        self.sink = sink
        guard let a = archive_write_new() else {
            throw fail("libarchive could not allocate a writer; the system is out of memory")
        }
        handle = a
        try check(archive_write_set_format_pax_restricted(a), "could not select the pax format")
        try check(archive_write_add_filter_none(a), "could not disable compression")
        try check(archive_write_set_bytes_per_block(a, Int32(blockSize)), "could not set the block size")
        try check(archive_write_set_bytes_in_last_block(a, 1), "could not disable end padding")
        // The write callback captures nothing: it finds the OutputSink through the client data.
        let status = archive_write_open2(
            a, Unmanaged.passUnretained(sink).toOpaque(), nil,
            { _, clientData, buffer, length in
                guard let clientData, let buffer else { return -1 }
                return Unmanaged<OutputSink>.fromOpaque(clientData).takeUnretainedValue().write(buffer, length)
            }, nil, nil)
        try check(status, "could not start writing")
    }

    deinit {
        abandon()
    }

    /// Starts an entry of exactly `size` bytes named `name`.
    ///
    /// `name` must satisfy ``isValidEntryName(_:)``: a flat file name of printable ASCII.
    public func beginEntry(name: String, size: Int64) throws(PackArchiveError) {
        let a = try openHandle(entry: name)
        if let current {
            throw fail(
                "entry \(PackArchiveError.quoted(current.name)) was not finished; call finishEntry() before beginEntry()",
                entry: name)
        }
        guard Self.isValidEntryName(name) else {
            throw fail(
                "the name is not a flat file name of printable ASCII (it is empty, \".\" or \"..\", or holds \"/\", a control or a non-ASCII character); use <assetId>.<ext>",
                entry: name)
        }
        guard size >= 0 else {
            throw fail("the size \(size) is negative; pass the file's byte count", entry: name)
        }
        guard let entry = archive_entry_new() else {
            throw fail("libarchive could not allocate an entry; the system is out of memory", entry: name)
        }
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname_utf8(entry, name)
        archive_entry_set_filetype(entry, UInt32(SHIM_AE_IFREG))
        archive_entry_set_perm(entry, 0o644)
        archive_entry_set_uid(entry, 0)
        archive_entry_set_gid(entry, 0)
        archive_entry_set_size(entry, size)
        archive_entry_set_mtime(entry, time_t(mtime), 0)
        try check(archive_write_header(a, entry), "could not write the entry header", entry: name)
        current = (name, size, 0)
    }

    /// Appends bytes to the current entry; call as many times as needed.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(PackArchiveError) {
        guard let current else {
            throw fail("write() was called with no entry started; call beginEntry() first")
        }
        let a = try openHandle(entry: current.name)
        guard bytes.count > 0, let base = bytes.baseAddress else { return }
        guard Int64(bytes.count) <= current.size - current.written else {
            abandon()
            throw fail(
                "more than the declared \(current.size) bytes were written; pass the file's exact size to beginEntry()",
                entry: current.name)
        }
        let n = archive_write_data(a, base, bytes.count)
        guard n == bytes.count else {
            defer { abandon() }
            throw fail("writing data failed (\(errorText(a))); check free disk space", entry: current.name)
        }
        self.current?.written += Int64(n)
    }

    /// Ends the current entry; throws unless exactly the declared size was written.
    public func finishEntry() throws(PackArchiveError) {
        guard let current else {
            throw fail("finishEntry() was called with no entry started; call beginEntry() first")
        }
        let a = try openHandle(entry: current.name)
        guard current.written == current.size else {
            abandon()
            throw fail(
                "only \(current.written) of the declared \(current.size) bytes were written; the source file changed or its size was wrong, so write the pack again",
                entry: current.name)
        }
        try check(archive_write_finish_entry(a), "could not finish the entry", entry: current.name)
        self.current = nil
    }

    /// Writes the end-of-archive marker, flushes and closes the file.
    public func close() throws(PackArchiveError) {
        let a = try openHandle(entry: nil)
        if let current {
            throw fail(
                "entry \(PackArchiveError.quoted(current.name)) was not finished; call finishEntry() before close()",
                entry: current.name)
        }
        try check(archive_write_close(a), "could not finish the archive")
        archive_write_free(a)
        handle = nil
        guard fd >= 0 else { return }
        let result = closeDescriptor(fd)
        fd = -1
        guard result == 0 else {
            throw fail(
                "closing the file failed (\(String(cString: strerror(errno)))); check free disk space and write the pack again"
            )
        }
    }

    // MARK: - Helpers

    private func openHandle(entry: String?) throws(PackArchiveError) -> OpaquePointer {
        guard let handle else {
            throw fail("the writer is already closed or failed; start a new writer", entry: entry)
        }
        return handle
    }

    /// Discards the archive after a failure: the handle is freed without writing the
    /// end-of-archive marker (which would make a half-written pack look valid) and the file is closed.
    private func abandon() {
        if let handle {
            archive_write_fail(handle)
            archive_write_free(handle)
            self.handle = nil
        }
        if fd >= 0 {
            _ = closeDescriptor(fd)
            fd = -1
        }
        current = nil
    }

    private func check(_ status: Int32, _ what: String, entry: String? = nil) throws(PackArchiveError) {
        guard status != ARCHIVE_OK else { return }
        let detail = handle.map(errorText) ?? "no details"
        abandon()
        throw fail(
            "\(what) (\(detail)); check free disk space and permissions, then write the pack again", entry: entry)
    }

    private func closeDescriptor(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.close(descriptor)
        #else
            Darwin.close(descriptor)
        #endif
    }

    private func errorText(_ a: OpaquePointer) -> String {
        archive_error_string(a).map { String(cString: $0) } ?? "no details from libarchive"
    }

    /// When the output itself failed, that is the error (the file, the disk), and it names no
    /// entry: the bytes it failed on may belong to an earlier one still in a buffer.
    private func fail(_ message: String, entry: String? = nil) -> PackArchiveError {
        if let failure = sink?.failure {
            let during = entry.map { "while adding \(PackArchiveError.quoted($0))" } ?? "while finishing it"
            return PackArchiveError(
                archive: path,
                message:
                    "writing the archive failed \(during) (\(failure)); check free disk space and permissions, then write the pack again",
                underlying: failure)
        }
        return PackArchiveError(archive: path, entry: entry, message: message)
    }
}
