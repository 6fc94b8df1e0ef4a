import CatalogFormat
import Foundation
import Gzip

/// A schema-2 catalog's entries put back together as one seed file on local disk, so the
/// streamed import reads it exactly as it reads a schema-1 seed: each shard is fetched, checked
/// against the index (itself checked against catalog.json), decompressed and its lines written
/// into the seed's `music` and `packs` arrays, one shard in memory at a time. The packs' manifest
/// and archive references are kept aside for `pack_file`.
///
/// ```swift
/// let assembled = try await ShardedSeedFile.assemble(catalog, sharded, index: index, fetcher: fetcher)
/// defer { assembled.seed.remove() }
/// ```
package struct ShardedSeedFile: Sendable {
    package let seed: VerifiedSeedFile
    package let packFiles: [ShardPackHead]

    package static func assemble(
        _ catalog: FetchedCatalog, _ sharded: ShardedCatalogDocument, index: CatalogIndex, fetcher: CatalogFetcher
    ) async throws -> ShardedSeedFile {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("soundshelf-seed-\(UUID().uuidString).json").path
        let out = try SeedFileSink(path: path)
        var heads: [ShardPackHead] = []
        do {
            try out.write("{\"catalogVersion\":\(index.catalogVersion),\"loudness\":")
            try out.write(try CompactJSON.encode(index.loudness))
            try out.write(",\"music\":[")
            var first = true
            try await forEach(index.musicShards, catalog, fetcher) { _, plain in
                try JSONLines.forEach(in: plain) { line in
                    try out.write(first ? "\n" : ",\n")
                    try out.write(line)
                    first = false
                }
            }
            try out.write("],\"packs\":[")
            first = true
            try await forEach(index.packShards, catalog, fetcher) { shard, plain in
                try JSONLines.forEach(in: plain) { line in
                    guard let head = line.withUnsafeBytes(ShardPackHead.read) else {
                        throw LibraryClientError.invalidDocument(
                            Diagnostic(
                                .error, "a pack line without its id, version and manifest", file: shard.url,
                                path: "$"))
                    }
                    heads.append(head)
                    try out.write(first ? "\n" : ",\n")
                    try out.write(line)
                    first = false
                }
            }
            try out.write("],\"schemaVersion\":1,\"vocabularies\":")
            try out.write(try CompactJSON.encode(index.vocabularies))
            try out.write("}\n")
            try out.close()
        } catch {
            try? out.close()
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        PhaseTimer.current?.mark("index and \(index.musicShards.count + index.packShards.count) shards fetched")
        let seed = VerifiedSeedFile(
            path: path, sha256: sharded.index.sha256.lowercased(), name: sharded.index.url, isTemporary: true)
        return ShardedSeedFile(seed: seed, packFiles: heads)
    }

    /// Each shard fetched, checked and decompressed, a few at a time (the requests and the
    /// decompression overlap, on both cores), handed to `body` in order. A window slides: as soon
    /// as the next shard in order is handed over, one more is requested, so a slow shard holds
    /// back only the shards after it, at most ``inFlight`` of them in memory.
    private static func forEach(
        _ shards: [ShardReference], _ catalog: FetchedCatalog, _ fetcher: CatalogFetcher,
        _ body: (ShardReference, Data) throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            var requested = 0
            var handed = 0
            var arrived: [Int: Data] = [:]
            while handed < shards.count {
                while requested < shards.count && requested < handed + inFlight {
                    let (i, file) = (requested, shards[requested].file)
                    group.addTask { (i, try await fetcher.fetchPacked(file, of: catalog)) }
                    requested += 1
                }
                guard let (i, data) = try await group.next() else { break }
                arrived[i] = data
                while let data = arrived.removeValue(forKey: handed) {
                    try body(shards[handed], data)
                    handed += 1
                }
            }
        }
    }

    /// Shards in flight at once.
    static let inFlight = 4
}

/// A file written through a 1 MiB buffer.
private final class SeedFileSink {
    let handle: FileHandle
    let path: String
    var buffer = Data()

    init(path: String) throws {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw LibraryClientError.cannotCreate(path) }
        self.handle = handle
    }

    func write(_ text: String) throws { try write(Data(text.utf8)) }

    func write(_ data: Data) throws {
        buffer.append(data)
        if buffer.count >= 1 << 20 { try flush() }
    }

    func flush() throws {
        do { try handle.write(contentsOf: buffer) } catch {
            throw LibraryClientError.cannotWrite(error, path: path, needed: Int64(buffer.count))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        try flush()
        try handle.close()
    }
}
