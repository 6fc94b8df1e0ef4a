import CatalogFormat
import Crypto
import Foundation

/// The partial file one download writes: appends bytes, hashes them as they arrive, refuses any
/// byte beyond the declared size, and verifies size and SHA-256 at the end. Reopening an existing
/// partial file hashes what is already there, so a resumed download needs no second pass.
///
/// Small appends (URLSession delivers ~16 KB at a time) are gathered in a buffer of
/// ``bufferSize`` bytes and written, hashed and announced (``DownloadSignal``, progress) once per
/// buffer: one `write` instead of sixteen, and a reader following the file woken once. A slow
/// body is still written at least every ``flushInterval``, so the file (and progress) keeps
/// moving and a crash loses at most that much.
/// ``written`` counts the bytes in the file, ``received`` also those still in the buffer;
/// ``flush()`` (called by ``finish()``, ``close()`` and at the end of each HTTP attempt) writes them.
///
/// Used from one thread at a time (the download thread, the URLSession delegate queue or a copy loop).
final class DownloadSink: @unchecked Sendable {
    static let bufferSize = 256 * 1024
    static let flushInterval: UInt64 = 100_000_000  // nanoseconds

    let path: String
    let label: String
    let expectedBytes: Int64
    /// Nil for an archive extracted as it arrives: its reader hashes it (the bytes behind the
    /// reader are freed, so a resumed download could not hash them again).
    let expectedSHA256: String?
    let signal: DownloadSignal?
    /// Whether ``finish()`` fsyncs the file: yes when it becomes an installed asset; no for an
    /// archive, which is extracted and deleted (forcing its 1 GB to disk only to delete it).
    let syncOnFinish: Bool
    private let progress: @Sendable (Int64) -> Void
    private var handle: FileHandle?
    private var hasher = SHA256()
    private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private var buffered = 0
    private var lastFlush: UInt64 = 0
    /// Bytes in the file.
    private(set) var written: Int64 = 0
    /// Bytes accepted: in the file or in the buffer.
    var received: Int64 { written + Int64(buffered) }

    /// Opens (resuming when `resume` and the file exists) the partial file at `path`.
    init(
        path: String, label: String, expectedBytes: Int64, expectedSHA256: String?, resume: Bool,
        signal: DownloadSignal? = nil, syncOnFinish: Bool = true, progress: @escaping @Sendable (Int64) -> Void
    ) throws {
        self.path = path
        self.label = label
        self.expectedBytes = expectedBytes
        self.expectedSHA256 = expectedSHA256?.lowercased()
        self.signal = signal
        self.syncOnFinish = syncOnFinish
        self.progress = progress
        let fm = FileManager.default
        let existing = (try? fm.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? -1
        if !resume || existing < 0 || existing > expectedBytes {
            guard fm.createFile(atPath: path, contents: nil) else {
                throw PackInstallError.fileSystem(path: path, reason: "cannot create the download file")
            }
        }
        do { handle = try FileHandle(forUpdating: URL(fileURLWithPath: path)) } catch {
            throw PackInstallError.fileSystem(path: path, step: "cannot open the download file", error)
        }
        if resume && existing > 0 && existing <= expectedBytes { try hashExisting() }
    }

    deinit {
        try? handle?.close()
        buffer.deallocate()
    }

    private func hashExisting() throws {
        guard let handle else { return }
        if expectedSHA256 == nil {
            written = Int64(try handle.seekToEnd())
            signal?.advance(to: written)
            progress(written)
            return
        }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
            written += Int64(chunk.count)
        }
        signal?.advance(to: written)
        progress(written)
    }

    /// Accepts `data`; throws (accepting nothing) when it would pass the declared size.
    func append(_ data: Data) throws {
        try data.withUnsafeBytes { try append($0) }
    }

    /// Accepts `bytes` (copied or written before returning); throws (accepting nothing) when they
    /// would pass the declared size.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        if signal?.isAborted == true { throw SinkAbort() }
        guard received + Int64(bytes.count) <= expectedBytes else {
            throw PackInstallError.sizeMismatch(
                url: label, expected: expectedBytes,
                actual: "more (at least \(received + Int64(bytes.count)) bytes)")
        }
        guard bytes.count > 0 else { return }
        if buffer.baseAddress == nil { buffer = .allocate(byteCount: Self.bufferSize, alignment: 64) }
        if buffered + bytes.count > buffer.count { try flush() }
        if bytes.count >= buffer.count {
            try writeOut(bytes)
        } else {
            UnsafeMutableRawBufferPointer(rebasing: buffer[buffered...]).copyMemory(from: bytes)
            buffered += bytes.count
            if buffered == buffer.count || DispatchTime.now().uptimeNanoseconds &- lastFlush >= Self.flushInterval {
                try flush()
            }
        }
    }

    /// Writes, hashes and announces the buffered bytes.
    func flush() throws {
        guard buffered > 0 else { return }
        let count = buffered
        buffered = 0
        try writeOut(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) throws {
        if let signal, !signal.waitForRoom(from: written, upTo: written + Int64(bytes.count)) { throw SinkAbort() }
        lastFlush = DispatchTime.now().uptimeNanoseconds
        // write(2) straight from the buffer (FileHandle.write(contentsOf:) copies it into a Data).
        do { if let handle { try writeAll(handle.fileDescriptor, bytes, path: path) } } catch {
            throw PackInstallError.diskFull(error, path: path, needed: expectedBytes - written)
                ?? PackInstallError.fileSystem(path: path, reason: "cannot write (\(DiskSpace.reason(error)))")
        }
        if expectedSHA256 != nil { hasher.update(bufferPointer: bytes) }
        FreeMemoryRelease.after(bytes: written + Int64(bytes.count), previous: written)
        written += Int64(bytes.count)
        signal?.advance(to: written)
        progress(Int64(bytes.count))
    }

    /// Empties the file: the server ignored `Range` and sends everything again.
    /// A reader following the file learns of the restart before the file shrinks, so whatever
    /// it reads after the truncation it sees as a restart (see ``GrowingFileReader``).
    func restart() throws {
        signal?.restart()
        buffered = 0
        try handle?.truncate(atOffset: 0)
        progress(-written)
        written = 0
        hasher = SHA256()
    }

    /// Checks size and SHA-256; on a mismatch the partial file is deleted.
    func finish() throws {
        try flush()
        if syncOnFinish { try? handle?.synchronize() }
        try? handle?.close()
        handle = nil
        guard written == expectedBytes else {
            throw PackInstallError.sizeMismatch(url: label, expected: expectedBytes, actual: "\(written) bytes")
        }
        guard let expectedSHA256 else { return }
        let actual = SHA256Digest.hex(hasher.finalize())
        guard actual == expectedSHA256 else {
            try? FileManager.default.removeItem(atPath: path)
            throw PackInstallError.hashMismatch(url: label, expected: expectedSHA256, actual: actual)
        }
    }

    /// Writes what is buffered (so a later attempt can resume after it) and closes the file.
    func close() {
        try? flush()
        try? handle?.close()
        handle = nil
    }
}

/// Thrown into a download when the reader following it failed (its error is the one reported).
struct SinkAbort: Error {}
