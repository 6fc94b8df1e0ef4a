import CatalogModel
import Crypto
import Foundation

/// The partial file one download writes: appends bytes, hashes them as they arrive, refuses any
/// byte beyond the declared size, and verifies size and SHA-256 at the end. Reopening an existing
/// partial file hashes what is already there, so a resumed download needs no second pass.
///
/// Used from one thread at a time (the URLSession delegate queue or a copy loop).
final class DownloadSink: @unchecked Sendable {
    let path: String
    let label: String
    let expectedBytes: Int64
    let expectedSHA256: String
    let signal: DownloadSignal?
    private let progress: @Sendable (Int64) -> Void
    private var handle: FileHandle?
    private var hasher = SHA256()
    private(set) var written: Int64 = 0

    /// Opens (resuming when `resume` and the file exists) the partial file at `path`.
    init(path: String, label: String, expectedBytes: Int64, expectedSHA256: String, resume: Bool,
         signal: DownloadSignal? = nil, progress: @escaping @Sendable (Int64) -> Void) throws {
        self.path = path
        self.label = label
        self.expectedBytes = expectedBytes
        self.expectedSHA256 = expectedSHA256.lowercased()
        self.signal = signal
        self.progress = progress
        let fm = FileManager.default
        let existing = (try? fm.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? -1
        if !resume || existing < 0 || existing > expectedBytes {
            guard fm.createFile(atPath: path, contents: nil) else {
                throw PackInstallError.fileSystem(path: path, reason: "cannot create the download file")
            }
        }
        do { handle = try FileHandle(forUpdating: URL(fileURLWithPath: path)) } catch {
            throw PackInstallError.fileSystem(path: path, reason: "cannot open the download file (\(error.localizedDescription))")
        }
        if resume && existing > 0 && existing <= expectedBytes { try hashExisting() }
    }

    deinit { try? handle?.close() }

    private func hashExisting() throws {
        guard let handle else { return }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
            written += Int64(chunk.count)
        }
        signal?.advance(to: written)
        progress(written)
    }

    /// Appends `data`; throws (writing nothing) when it would pass the declared size.
    func append(_ data: Data) throws {
        if signal?.isAborted == true { throw SinkAbort() }
        guard written + Int64(data.count) <= expectedBytes else {
            throw PackInstallError.sizeMismatch(url: label, expected: expectedBytes,
                                                actual: "more (at least \(written + Int64(data.count)) bytes)")
        }
        do { try handle?.write(contentsOf: data) } catch {
            throw PackInstallError.fileSystem(path: path, reason: "cannot write (\(error.localizedDescription))")
        }
        hasher.update(data: data)
        written += Int64(data.count)
        signal?.advance(to: written)
        progress(Int64(data.count))
    }

    /// Empties the file: the server ignored `Range` and sends everything again.
    func restart() throws {
        try handle?.truncate(atOffset: 0)
        progress(-written)
        written = 0
        hasher = SHA256()
        signal?.restart()
    }

    /// Checks size and SHA-256; on a mismatch the partial file is deleted.
    func finish() throws {
        try? handle?.synchronize()
        try? handle?.close()
        handle = nil
        guard written == expectedBytes else {
            throw PackInstallError.sizeMismatch(url: label, expected: expectedBytes, actual: "\(written) bytes")
        }
        let actual = SHA256Digest.hex(hasher.finalize())
        guard actual == expectedSHA256 else {
            try? FileManager.default.removeItem(atPath: path)
            throw PackInstallError.hashMismatch(url: label, expected: expectedSHA256, actual: actual)
        }
    }

    func close() {
        try? handle?.close()
        handle = nil
    }
}

/// Thrown into a download when the reader following it failed (its error is the one reported).
struct SinkAbort: Error {}
