import CatalogModel
import Foundation
import Gzip

/// The lines of one catalog version gathered by bin before they become shards: packs (with
/// their file references) and music entries, each encoded once, in memory or — for a catalog too
/// large for that — appended to one file per bin in `directory`. A shard is then made one bin at a
/// time (lines sorted by id, gzip), so memory holds one bin, not the catalog.
///
/// ```swift
/// let spool = try ShardSpool(packBins: ShardBins(count: 512), musicBins: ShardBins(count: 8), directory: tmp)
/// try spool.add(ShardPack(pack: pack, manifest: ref, archive: nil))
/// let shard = try spool.shard(.packs, bin: 0)
/// ```
package final class ShardSpool {
    package enum Kind: String { case music, packs }

    /// A shard ready to be written: its lines, their SHA-256, and the compressed bytes (left out
    /// when the lines are those of `unchanged`, the previous version's shard of the bin).
    package struct Shard {
        package var lines: [Data]
        package var plainSHA256: String
        package var bytes: Data?
    }

    package let packBins: ShardBins
    package let musicBins: ShardBins
    private let directory: URL?
    private var memory: [String: [(String, Data)]] = [:]
    private var handles: [String: FileHandle] = [:]
    /// How many items the packs added so far hold.
    package private(set) var items = 0
    /// The SHA-256 of each pack's line, by pack id: it covers the pack's seed entry and its file
    /// references (what its page is made from).
    package private(set) var packDigests: [String: String] = [:]

    package init(packBins: ShardBins, musicBins: ShardBins, directory: URL? = nil) throws {
        self.packBins = packBins
        self.musicBins = musicBins
        self.directory = directory
        if let directory { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
    }

    deinit { for handle in handles.values { try? handle.close() } }

    package func add(_ pack: ShardPack) throws {
        items += pack.pack.items.count
        let line = try CompactJSON.encode(pack)
        packDigests[pack.pack.id] = SHA256Digest.hex(of: line)
        try append(.packs, packBins.bin(of: pack.pack.id), id: pack.pack.id, line)
    }

    /// A pack's line as it is already encoded (kept from the previous version's shard).
    package func add(packLine line: Data, id: String) throws {
        packDigests[id] = SHA256Digest.hex(of: line)
        try append(.packs, packBins.bin(of: id), id: id, line)
    }

    package func add(_ entry: Seed.MusicEntry) throws {
        try append(.music, musicBins.bin(of: entry.id), id: entry.id, try CompactJSON.encode(entry))
    }

    package func binCount(_ kind: Kind) -> Int { kind == .packs ? packBins.count : musicBins.count }

    /// The shard of `bin`: its lines sorted by id, compressed unless their SHA-256 is `unchanged`.
    /// The bin's lines are then forgotten.
    package func shard(_ kind: Kind, bin: Int, unchanged: String? = nil) throws -> Shard {
        let (entries, plain) = try gather(kind, bin: bin)
        let key = "\(kind.rawValue)-\(bin)"
        if let directory { try? FileManager.default.removeItem(at: directory.appendingPathComponent(key)) }
        memory[key] = nil
        let plainSHA = SHA256Digest.hex(of: plain)
        let bytes = plainSHA == unchanged ? nil : try Gzip.compress(plain)
        return Shard(lines: entries, plainSHA256: plainSHA, bytes: bytes)
    }

    /// The SHA-256 of the shard `bin` would be, before compression (its lines are kept).
    package func plainSHA256(_ kind: Kind, bin: Int) throws -> String {
        SHA256Digest.hex(of: try gather(kind, bin: bin).plain)
    }

    /// The bin's lines sorted by id, and the shard's text.
    private func gather(_ kind: Kind, bin: Int) throws -> (lines: [Data], plain: Data) {
        let key = "\(kind.rawValue)-\(bin)"
        var entries = memory[key] ?? []
        if let directory {
            try handles[key]?.close()
            handles[key] = nil
            if let data = FileManager.default.contents(atPath: directory.appendingPathComponent(key).path) {
                for line in JSONLines.lines(of: data) {
                    let tab = line.firstIndex(of: 0x09)!
                    entries.append((String(decoding: line[..<tab], as: UTF8.self), Data(line[(tab + 1)...])))
                }
            }
        }
        entries.sort { $0.0 < $1.0 }
        var plain = Data()
        for (_, line) in entries {
            plain.append(line)
            plain.append(0x0A)
        }
        return (entries.map(\.1), plain)
    }

    private func append(_ kind: Kind, _ bin: Int, id: String, _ line: Data) throws {
        let key = "\(kind.rawValue)-\(bin)"
        guard let directory else {
            memory[key, default: []].append((id, line))
            return
        }
        if handles[key] == nil {
            let url = directory.appendingPathComponent(key)
            if !FileManager.default.fileExists(atPath: url.path) {
                _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            }
            handles[key] = try FileHandle(forWritingTo: url)
            try handles[key]!.seekToEnd()
        }
        // JSON lines never hold a raw tab or newline: "id\tline\n".
        try handles[key]!.write(contentsOf: Data(id.utf8) + [0x09] + line + [0x0A])
    }
}
