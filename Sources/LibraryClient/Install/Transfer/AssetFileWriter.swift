import CatalogFormat
import Crypto
import Foundation
import PackTar

/// Receives the entries the extractor accepts and writes each into the staging folder, hashing
/// it on the way; an entry whose SHA-256 differs from the manifest's throws before the next one.
final class AssetFileWriter: @unchecked Sendable {
    private let folder: URL
    /// Each entry's declared size, by file name.
    let sizes: [String: Int64]
    private let expectedSHA256: [String: String]
    private let archiveLabel: String
    private var handle: FileHandle?
    private var hasher = SHA256()
    private(set) var files = 0
    /// Bytes written to the open entry's file.
    private(set) var currentBytes: Int64 = 0

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
        currentBytes = 0
    }

    /// The SHA-256 of the open entry's bytes so far (for a checkpoint).
    var currentPrefixSHA256: String {
        let copy = hasher
        return SHA256Digest.hex(copy.finalize())
    }

    /// Reopens the entry `name` a checkpoint was inside: its file cut to `bytes`, which must hash
    /// to `prefixSHA256`. False (and nothing open) when the file does not hold them.
    func resume(_ name: String, bytes: Int64, prefixSHA256: String) -> Bool {
        let url = folder.appendingPathComponent(name)
        guard let handle = try? FileHandle(forUpdating: url),
            (try? handle.seekToEnd()).map({ Int64($0) >= bytes }) == true
        else { return false }
        var hash = SHA256()
        do {
            try handle.truncate(atOffset: UInt64(bytes))
            try handle.seek(toOffset: 0)
            var left = bytes
            while left > 0, let chunk = try handle.read(upToCount: Int(min(left, 1 << 20))), !chunk.isEmpty {
                hash.update(data: chunk)
                left -= Int64(chunk.count)
            }
            guard left == 0 else { return false }
        } catch { return false }
        let copy = hash
        guard SHA256Digest.hex(copy.finalize()) == prefixSHA256 else { return false }
        self.handle = handle
        hasher = hash
        currentBytes = bytes
        return true
    }

    /// Whether the finished entry `name`'s file has the manifest's size and SHA-256.
    func verify(_ name: String) -> Bool {
        let url = folder.appendingPathComponent(name)
        guard let size = sizes[name], let expected = expectedSHA256[name],
            (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value == size,
            let digest = (try? SHA256Digest.file(atPath: url.path))?.sha256
        else { return false }
        return digest == expected
    }

    /// Removes every file but `names` (entries a resumed extraction writes again).
    func removeAll(except names: Set<String>) {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? [] where !names.contains(name) {
            try? fm.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        hasher.update(bufferPointer: bytes)
        currentBytes += Int64(bytes.count)
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

    /// Extracts a complete archive file under the manifest's policy.
    func extract(archiveAt path: String) throws {
        try mapArchiveErrors {
            try PackArchiveExtractor.extract(archiveAt: path, expected: sizes, open: open, chunk: write, close: close)
        }
    }

    /// Runs `body`, saying an archive the extractor refused as the install's error.
    func mapArchiveErrors(_ body: () throws -> Void) throws {
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
