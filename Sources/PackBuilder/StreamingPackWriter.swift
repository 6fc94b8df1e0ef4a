import CatalogModel
import Crypto
import Foundation
import PackArchive

/// The one pass: each source file is read once, in 4 MiB chunks; every chunk is hashed and
/// goes both to the asset copy and into the archive, on two lanes running side by side
/// (asset hash + copy | archive write + archive hash). Memory stays constant whatever the size.
struct StreamingPackWriter {
    let folder: URL
    let mtime: Int64
    var progress: (@Sendable (BuildProgress) -> Void)?

    static let chunkSize = 4 << 20

    /// Writes `assets/<name>` and `pack.tar` (entries sorted by name); returns each asset's
    /// SHA-256 and size by file name, and the archive's (hashed as it is written).
    func write(_ assets: [PlannedAsset]) throws -> (assets: [String: (sha256: String, bytes: Int64)], archive: Manifest.Archive) {
        let assetsFolder = folder.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: assetsFolder, withIntermediateDirectories: true)
        let archiveHash = RunningHash()
        let archive = try PackArchiveWriter(path: folder.appendingPathComponent("pack.tar").path, mtime: mtime,
                                            observer: { archiveHash.update($0) })
        var results: [String: (sha256: String, bytes: Int64)] = [:]
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let total = assets.reduce(Int64(0)) { $0 + $1.size }
        var done: Int64 = 0
        for (fileIndex, asset) in assets.sorted(by: { $0.fileName < $1.fileName }).enumerated() {
            let input = open(asset.sourcePath, O_RDONLY)
            guard input >= 0 else { throw POSIXFailure(operation: "open", path: asset.sourcePath) }
            defer { close(input) }
            let outputPath = assetsFolder.appendingPathComponent(asset.fileName).path
            let output = open(outputPath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard output >= 0 else { throw POSIXFailure(operation: "create", path: outputPath) }
            defer { close(output) }
            try archive.beginEntry(name: asset.fileName, size: asset.size)
            let lanes = ChunkLanes(output: output, outputPath: outputPath, archive: archive)
            var copied: Int64 = 0
            while true {
                let n = read(input, buffer.baseAddress, Self.chunkSize)
                if n < 0 { throw POSIXFailure(operation: "read", path: asset.sourcePath) }
                if n == 0 { break }
                try lanes.run(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
                copied += Int64(n)
                done += Int64(n)
                progress?(BuildProgress(filesDone: fileIndex, filesTotal: assets.count, bytesDone: done, bytesTotal: total))
            }
            guard copied == asset.size else {
                throw PackBuildError.io(path: asset.sourcePath, message: "changed size while being read (\(asset.size) → \(copied) bytes); build again")
            }
            try archive.finishEntry()
            results[asset.fileName] = (lanes.assetHash, copied)
            progress?(BuildProgress(filesDone: fileIndex + 1, filesTotal: assets.count, bytesDone: done, bytesTotal: total))
        }
        try archive.close()
        return (results, Manifest.Archive(url: "pack.tar", sha256: archiveHash.hex, bytes: archiveHash.bytes))
    }

}

/// A SHA-256 and byte count fed as bytes go by.
final class RunningHash {
    private var hasher = SHA256()
    private(set) var bytes: Int64 = 0

    func update(_ chunk: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: chunk)
        bytes += Int64(chunk.count)
    }

    var hex: String { SHA256Digest.hex(hasher.finalize()) }
}

/// The two lanes of one chunk. Each lane's state is touched by exactly one thread per chunk
/// and `concurrentPerform` joins both before the next chunk, hence `@unchecked Sendable`.
final class ChunkLanes: @unchecked Sendable {
    private var hasher = SHA256()
    private let output: Int32
    private let outputPath: String
    private let archive: PackArchiveWriter
    private var failures: [(any Error)?] = [nil, nil]

    init(output: Int32, outputPath: String, archive: PackArchiveWriter) {
        self.output = output
        self.outputPath = outputPath
        self.archive = archive
    }

    func run(_ chunk: UnsafeRawBufferPointer) throws {
        nonisolated(unsafe) let bytes = chunk
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            do {
                if lane == 0 {
                    hasher.update(bufferPointer: bytes)
                    try CatalogModel.writeAll(output, bytes, path: outputPath)
                } else {
                    try archive.write(bytes)
                }
            } catch {
                failures[lane] = error
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
    }

    var assetHash: String { SHA256Digest.hex(hasher.finalize()) }
}
