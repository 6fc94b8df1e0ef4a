import CatalogFormat
import Foundation
import PackTar

/// Extracts a pack archive from its partial download while the download grows it, freeing the
/// archive's bytes behind the extraction, so that an install needs about the pack's size free
/// rather than twice it.
///
/// Every ``checkpointEvery(for:)`` bytes of the archive it records an ``ArchiveCheckpoint`` (the tar
/// reader's point, the archive's running SHA-256, the bytes of the entry being written and their
/// digest, the entries done), frees the partial file's blocks before that point and lets the
/// download run at most ``window(for:)`` bytes ahead. The archive's own SHA-256 is checked when its
/// last byte is read; each entry's against the manifest as it closes. A later run that finds a
/// checkpoint whose files still verify goes on from it; otherwise it starts again from nothing.
///
/// ```swift
/// let extraction = ArchiveExtraction(partial: part, archive: archive, writer: writer, label: url)
/// extraction.prepare()                                     // before the download opens the part
/// try extraction.run(signal: signal, idleLimit: 600)       // on the thread that follows the download
/// ```
final class ArchiveExtraction: @unchecked Sendable {
    /// Archive bytes between two checkpoints: 1/256 of the archive, from 64 KiB to 4 MiB (a 1 GiB
    /// archive records 256 of them, each a small file renamed into place and a hole punched).
    static func checkpointEvery(for bytes: Int64) -> Int64 { min(4 << 20, max(64 * 1024, bytes / 256)) }

    /// How far the download may run ahead of the last checkpoint: 1/32 of the archive, at least
    /// 384 KiB (one of the download's 256 KiB writes and a checkpoint's worth past it, so the
    /// extraction always has the bytes to reach its next checkpoint), so the bytes the partial
    /// download keeps on disk stay near 3 % of the pack.
    static func window(for bytes: Int64) -> Int64 { max(384 * 1024, bytes / 32) }

    /// What the partial download may take on disk at most while an archive of `bytes` is extracted.
    static func partOnDisk(for bytes: Int64) -> Int64 { min(bytes, window(for: bytes) + checkpointEvery(for: bytes)) }

    let partial: URL
    let archive: Manifest.Archive
    let writer: AssetFileWriter
    let label: String
    /// Where a run starts: a checkpoint and its entries done, or nothing.
    private var start: (checkpoint: ArchiveCheckpoint, done: [String])?

    init(partial: URL, archive: Manifest.Archive, writer: AssetFileWriter, label: String) {
        self.partial = partial
        self.archive = archive
        self.writer = writer
        self.label = label
    }

    /// Finds where to start: a checkpoint whose finished files and open entry still verify, else
    /// nothing — and then the partial download goes too (its freed bytes could not be read again).
    func prepare() {
        start = nil
        if let (checkpoint, done) = ArchiveCheckpoint.load(beside: partial, archiveSHA256: archive.sha256),
            done.allSatisfy(writer.verify)
        {
            var keep = Set(done)
            let entry = checkpoint.point.entryName
            if let entry, let prefix = checkpoint.entryPrefixSHA256 {
                keep.insert(entry)
                if writer.resume(entry, bytes: checkpoint.entryBytes, prefixSHA256: prefix) {
                    start = (checkpoint, done)
                }
            } else if entry == nil {
                start = (checkpoint, done)
            }
            if start != nil {
                writer.removeAll(except: keep)
                return
            }
        }
        try? writer.reset()
        if FileManager.default.fileExists(atPath: ArchiveCheckpoint.file(partial).path) {
            try? FileManager.default.removeItem(at: partial)
        }
        ArchiveCheckpoint.remove(beside: partial)
    }

    /// Extracts until the archive's end and checks its SHA-256 (blocking; see the type).
    func run(signal: DownloadSignal, idleLimit: TimeInterval) throws {
        defer { signal.release() }
        let done = start?.done ?? []
        let list = try DoneList(beside: partial, keeping: done)
        let hash = try start.map { try ResumableSHA256(saved: $0.checkpoint.hashState) } ?? ResumableSHA256()
        let point = start?.checkpoint.point
        let reader = try GrowingFileReader(
            path: partial.path, signal: signal, idleLimit: idleLimit, start: point?.offset ?? 0, hash: hash)
        let tar =
            point.map { TarReader(name: label, resumingAt: $0) { try reader.next() } }
            ?? TarReader(name: label) { try reader.next() }
        defer { tar.close() }
        let resumed = point?.entryName.map { (name: $0, received: start?.checkpoint.entryBytes ?? 0) }
        var last = point?.offset ?? 0
        let every = Self.checkpointEvery(for: archive.bytes)
        // What the checkpoint already freed: the download may write a window past it at once.
        signal.consume(to: last)
        let generation = signal.currentGeneration
        try writer.mapArchiveErrors {
            try PackArchiveExtractor.extract(
                from: tar, expected: writer.sizes, done: Set(done), resumed: resumed, open: writer.open,
                chunk: writer.write,
                close: {
                    try self.writer.close($0)
                    try list.append($0)
                },
                afterChunk: { open in
                    var point = tar.resumePoint
                    guard point.offset - last >= every else { return }
                    if !open { point.entryName = nil }
                    try ArchiveCheckpoint(
                        archiveSHA256: self.archive.sha256.lowercased(), point: point,
                        hashState: reader.hash.saved, entryBytes: open ? self.writer.currentBytes : 0,
                        entryPrefixSHA256: open ? self.writer.currentPrefixSHA256 : nil, doneCount: list.count
                    ).save(beside: self.partial)
                    signal.ifStill(generation) { ArchiveCheckpoint.freeSpace(of: self.partial, before: point.offset) }
                    signal.consume(to: point.offset)
                    last = point.offset
                })
        }
        // The end-of-archive blocks and any padding after them are the archive's bytes too.
        signal.release()
        while try reader.next() != nil {}
        let actual = reader.hash.hex
        guard reader.hashed == archive.bytes, actual == archive.sha256.lowercased() else {
            throw PackInstallError.hashMismatch(url: label, expected: archive.sha256.lowercased(), actual: actual)
        }
    }

    /// Extracts the complete partial download from its start, after checking its SHA-256 (when the
    /// download started over and the extraction following it stopped).
    func extractWhole() throws {
        ArchiveCheckpoint.remove(beside: partial)
        let digest = try SHA256Digest.file(atPath: partial.path).sha256
        guard digest == archive.sha256.lowercased() else {
            throw PackInstallError.hashMismatch(url: label, expected: archive.sha256.lowercased(), actual: digest)
        }
        try writer.reset()
        try writer.extract(archiveAt: partial.path)
    }

    /// Forgets the checkpoint (the install is done, or starts again from nothing).
    func discard() {
        ArchiveCheckpoint.remove(beside: partial)
    }
}
