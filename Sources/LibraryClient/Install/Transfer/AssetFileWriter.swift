import CatalogFormat
import Crypto
import Foundation
import PackTar

/// Receives the entries the extractor accepts and writes each into the staging folder, hashing
/// it on the way; an entry whose SHA-256 differs from the manifest's throws before the next one.
final class AssetFileWriter: @unchecked Sendable {
    private let folder: URL
    private let sizes: [String: Int64]
    private let expectedSHA256: [String: String]
    private let archiveLabel: String
    private var handle: FileHandle?
    private var hasher = SHA256()
    private(set) var files = 0

    /// `expectedSHA256` maps each `<assetId>.<ext>` to its lowercase hex digest.
    init(folder: URL, sizes: [String: Int64], expectedSHA256: [String: String], archiveLabel: String) {
        self.folder = folder
        self.sizes = sizes
        self.expectedSHA256 = expectedSHA256
        self.archiveLabel = archiveLabel
    }

    deinit { try? handle?.close() }

    func open(_ name: String) throws {
        let path = folder.appendingPathComponent(name).path
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw PackInstallError.fileSystem(path: path, reason: "cannot create the file in the staging folder")
        }
        self.handle = handle
        hasher = SHA256()
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        hasher.update(bufferPointer: bytes)
        guard let handle, bytes.count > 0 else { return }
        // write(2) straight from the buffer: FileHandle.write(contentsOf:) copies each 256 KB
        // chunk into a new Data on Linux, which churns the allocator for a whole pack.
        try writeAll(handle.fileDescriptor, bytes, path: folder.path)
    }

    func close(_ name: String) throws {
        try handle?.close()
        handle = nil
        let actual = SHA256Digest.hex(hasher.finalize())
        let expected = expectedSHA256[name] ?? ""
        guard actual == expected else {
            throw PackInstallError.hashMismatch(
                url: "\(archiveLabel) (entry \(name))", expected: expected, actual: actual)
        }
        files += 1
    }

    /// Extracts an archive arriving as a stream of blocks under the manifest's policy.
    func extract(name: String, readBlock: @escaping () throws -> Data?) throws {
        try mapErrors {
            let reader = TarReader(name: name, readBlock: readBlock)
            defer { reader.close() }
            try PackArchiveExtractor.extract(from: reader, expected: sizes, open: open, chunk: write, close: close)
        }
    }

    /// Extracts a complete archive file under the manifest's policy.
    func extract(archiveAt path: String) throws {
        try mapErrors {
            try PackArchiveExtractor.extract(archiveAt: path, expected: sizes, open: open, chunk: write, close: close)
        }
    }

    private func mapErrors(_ body: () throws -> Void) throws {
        do { try body() } catch let error as PackArchiveError {
            if let underlying = error.underlying { throw underlying }
            throw PackInstallError.refusedArchive(url: archiveLabel, reason: error.description)
        }
    }

    /// Empties the folder (after a failed or restarted extraction).
    func reset() throws {
        try? handle?.close()
        handle = nil
        files = 0
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? [] {
            try fm.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
