import BuildState
import CatalogModel
import Crypto
import Foundation
import PackArchive

/// The one pass: each source file is read once, in chunks of ``BuildSettings/readChunkSize``
/// (1 MiB); every chunk is hashed and
/// goes both to the asset copy and into the archive, on two lanes running side by side
/// (asset hash + copy | archive write + archive hash), and to the file's decoder when it is
/// being analysed (``SourceFeed``). The files themselves are written behind, on two more
/// queues (``WriteBehind``). Memory stays constant whatever the size: chunks come from a
/// fixed ``ChunkPool`` of ``BuildSettings/readChunks`` buffers.
struct StreamingPackWriter {
    let folder: URL
    /// The read chunks, the archive's time stamp and whether output bypasses the page cache.
    let settings: BuildSettings
    var progress: (@Sendable (BuildProgress) -> Void)?
    /// Called with each asset and its first chunk once that is read; a feed it returns gets
    /// every chunk of the file.
    var opened: ((PlannedAsset, UnsafeRawBufferPointer) -> SourceFeed?)? = nil
    /// Called with each asset and its SHA-256 as soon as the file has been read.
    var hashed: ((PlannedAsset, String) -> Void)? = nil

    /// Writes `assets/<name>` and `pack.tar` (entries sorted by name); returns each asset's
    /// SHA-256 and size by file name, and the archive's (hashed as it is written), and the
    /// ``FileStat`` of each source file that did not change while it was read, with the time
    /// it was last seen so (what ``FileDigests`` records).
    func write(_ assets: [PlannedAsset]) throws -> (
        assets: [String: (sha256: String, bytes: Int64)], archive: Manifest.Archive,
        sources: [String: (stat: FileStat, checkedAt: Int64)]
    ) {
        let assetsFolder = folder.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: assetsFolder, withIntermediateDirectories: true)
        let assetFiles = WriteBehind(label: "assets", bypassCache: settings.bypassesPageCache)
        let archiveFile = WriteBehind(label: "archive", bypassCache: settings.bypassesPageCache)
        defer {
            assetFiles.drain()
            archiveFile.drain()
        }
        let archivePath = folder.appendingPathComponent("pack.tar").path
        let archiveOutput = HashingOutput(
            writer: archiveFile, file: try archiveFile.create(archivePath, exclusive: false))
        let archive = try PackArchiveWriter(
            output: archiveOutput, name: archivePath, mtime: settings.sourceDateEpoch)
        var results: [String: (sha256: String, bytes: Int64)] = [:]
        var sources: [String: (stat: FileStat, checkedAt: Int64)] = [:]
        // Lane 0 reads the next chunk into one buffer while lane 1 archives the other.
        let pool = ChunkPool(chunks: settings.readChunks, chunkSize: settings.readChunkSize)
        let total = assets.reduce(Int64(0)) { $0 + $1.size }
        var done: Int64 = 0
        for (fileIndex, asset) in assets.sorted(by: { $0.fileName < $1.fileName }).enumerated() {
            let input = open(asset.sourcePath, O_RDONLY)
            guard input >= 0 else { throw POSIXFailure(operation: "open", path: asset.sourcePath) }
            defer { close(input) }
            let before = FileStat.of(descriptor: input)
            let outputPath = assetsFolder.appendingPathComponent(asset.fileName).path
            let output = try assetFiles.create(outputPath, exclusive: true)
            try archive.beginEntry(name: asset.fileName, size: asset.size)
            let lanes = ChunkLanes(assetFiles: assetFiles, output: output, archive: archive)
            var copied: Int64 = 0
            var chunk = pool.take(offset: 0)
            defer { chunk.release() }
            chunk.count = try Self.readChunk(input, into: chunk.buffer, path: asset.sourcePath)
            let feed = opened?(asset, chunk.bytes)
            var fed = false
            defer { if !fed { feed?.finish(failed: true) } }
            while chunk.count > 0 {
                feed?.deliver(chunk)
                let next = pool.take(offset: chunk.end)
                next.count = try lanes.run(chunk.bytes) {
                    try Self.readChunk(input, into: next.buffer, path: asset.sourcePath)
                }
                copied += Int64(chunk.count)
                done += Int64(chunk.count)
                progress?(
                    BuildProgress(filesDone: fileIndex, filesTotal: assets.count, bytesDone: done, bytesTotal: total))
                chunk.release()
                chunk = next
            }
            guard copied == asset.size else {
                throw PackBuildError.io(
                    path: asset.sourcePath,
                    message: "changed size while being read (\(asset.size) → \(copied) bytes); build again")
            }
            feed?.finish()
            fed = true
            assetFiles.close(output)
            try archive.finishEntry()
            let sha256 = lanes.assetHash
            results[asset.fileName] = (sha256, copied)
            if let before, FileStat.of(descriptor: input) == before {
                sources[asset.fileName] = (before, FileStat.now())
            }
            hashed?(asset, sha256)
            progress?(
                BuildProgress(filesDone: fileIndex + 1, filesTotal: assets.count, bytesDone: done, bytesTotal: total))
        }
        try archive.close()
        archiveFile.close(archiveOutput.file)
        try assetFiles.finish()
        try archiveFile.finish()
        return (
            results, Manifest.Archive(url: "pack.tar", sha256: archiveOutput.hex, bytes: archiveOutput.bytes), sources
        )
    }

    /// Reads up to one chunk (fewer only at the end of the file); 0 at the end.
    static func readChunk(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            let n = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw POSIXFailure(operation: "read", path: path) }
            if n == 0 { break }
            filled += n
        }
        return filled
    }

}

/// The archive's bytes, hashed and counted as they go by on their way to the write-behind file.
final class HashingOutput: PackArchiveOutput {
    private var hasher = SHA256()
    private(set) var bytes: Int64 = 0
    let writer: WriteBehind
    let file: WriteBehindFile

    init(writer: WriteBehind, file: WriteBehindFile) {
        self.writer = writer
        self.file = file
    }

    func write(_ chunk: UnsafeRawBufferPointer) throws {
        hasher.update(bufferPointer: chunk)
        bytes += Int64(chunk.count)
        try writer.append(chunk, to: file)
    }

    var hex: String { SHA256Digest.hex(hasher.finalize()) }
}

/// The two lanes of one chunk. Each lane's state is touched by exactly one thread per chunk
/// and `concurrentPerform` joins both before the next chunk, hence `@unchecked Sendable`.
final class ChunkLanes: @unchecked Sendable {
    private var hasher = SHA256()
    private let assetFiles: WriteBehind
    private let output: WriteBehindFile
    private let archive: PackArchiveWriter

    init(assetFiles: WriteBehind, output: WriteBehindFile, archive: PackArchiveWriter) {
        self.assetFiles = assetFiles
        self.output = output
        self.archive = archive
    }

    /// Runs both lanes on `chunk`; lane 0 then calls `readNext` (which must fill another
    /// buffer) and its result is returned.
    func run(_ chunk: UnsafeRawBufferPointer, readNext: @escaping () throws -> Int) throws -> Int {
        nonisolated(unsafe) let bytes = chunk
        nonisolated(unsafe) var nextCount = 0
        nonisolated(unsafe) let readNext = readNext
        // One variable per lane: each is written by its lane only, read after the join.
        nonisolated(unsafe) var assetFailure: (any Error)?
        nonisolated(unsafe) var archiveFailure: (any Error)?
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            if lane == 0 {
                do {
                    hasher.update(bufferPointer: bytes)
                    try assetFiles.append(bytes, to: output)
                    nextCount = try readNext()
                } catch {
                    assetFailure = error
                }
            } else {
                do { try archive.write(bytes) } catch { archiveFailure = error }
            }
        }
        if let failure = assetFailure ?? archiveFailure { throw failure }
        return nextCount
    }

    var assetHash: String { SHA256Digest.hex(hasher.finalize()) }
}
