import CatalogFormat
import FacetEngine
import Foundation

/// A ranking persisted beside the facet index (`facet-orders/<kind>.<sort>.bin`), so a fresh
/// process lists its first page without sorting the library again.
///
/// | part | contents |
/// | --- | --- |
/// | header | magic `SSORDER\n`, format version (`UInt32`), stamp byte count (`UInt32`), stamp UTF-8 |
/// | guard | payload byte count (`UInt64`), ``FacetChecksum`` of the payload (`UInt64`) |
/// | payload | item numbers in display order (`[UInt32]`) |
///
/// ```swift
/// try ranking.write(to: url, stamp: stamp.text)
/// let again = try ItemRanking(contentsOf: url, expectedStamp: stamp.text)
/// ```
extension ItemRanking {
    static let magic: [UInt8] = Array("SSORDER\n".utf8)
    static let formatVersion: UInt32 = 1

    /// Where the ranking of `kind` in `sort` order is kept.
    static func file(kind: Kind, sort: ItemSort, root: URL) -> URL {
        root.appendingPathComponent("facet-orders", isDirectory: true)
            .appendingPathComponent("\(kind.rawValue).\(sort.rawValue).bin")
    }

    /// Writes the order atomically, tagged with `stamp`.
    func write(to url: URL, stamp: String) throws {
        var writer = FacetBinaryWriter(capacity: 64 + order.count * 4)
        writer.appendBytes(Self.magic)
        writer.append(Self.formatVersion)
        let stampBytes = Array(stamp.utf8)
        writer.append(UInt32(truncatingIfNeeded: stampBytes.count))
        writer.appendBytes(stampBytes)
        let guardOffset = writer.count
        writer.append(UInt64(0))
        writer.append(UInt64(0))
        let payloadStart = writer.count
        writer.appendArray(order.array)
        let checksum = writer.bytes.withUnsafeBytes {
            FacetChecksum.of(UnsafeRawBufferPointer(rebasing: $0[payloadStart...]))
        }
        writer.patch(UInt64(writer.count - payloadStart), at: guardOffset)
        writer.patch(checksum, at: guardOffset + 8)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try writer.bytes.write(to: url, options: .atomic)
    }

    /// Reads a ranking written by ``write(to:stamp:)``; throws ``FacetIndexError`` for another
    /// stamp or version, or damaged data. Item numbers above `maxItem` count as damage.
    init(contentsOf url: URL, expectedStamp: String, maxItem: Int) throws {
        // Mapped and used in place (see ItemOrder): no copy of the order.
        let file = try FileMapping(url)
        let raw = file.bytes
        var reader = FacetBinaryReader(raw)
        guard raw.count >= Self.magic.count, Array(raw.prefix(Self.magic.count)) == Self.magic else {
            throw FacetIndexError.notAFacetIndex
        }
        _ = try reader.readBytes(count: Self.magic.count)
        let version = try reader.read(UInt32.self)
        guard version == Self.formatVersion else { throw FacetIndexError.unsupportedVersion(version) }
        let stamp = String(decoding: try reader.readBytes(count: Int(try reader.read(UInt32.self))), as: UTF8.self)
        guard stamp == expectedStamp else { throw FacetIndexError.stampMismatch(found: stamp) }
        let payloadCount = try reader.read(UInt64.self)
        let checksum = try reader.read(UInt64.self)
        guard payloadCount == UInt64(reader.remaining) else { throw FacetIndexError.truncated }
        let payload = UnsafeRawBufferPointer(rebasing: raw[reader.position...])
        guard FacetChecksum.of(payload) == checksum else { throw FacetIndexError.corrupt("checksum") }
        let count = try reader.read(UInt64.self)
        guard count <= UInt64(reader.remaining / 4) else { throw FacetIndexError.truncated }
        let order = file.order(at: reader.position, count: Int(count))
        guard order.allSatisfy({ Int($0) <= maxItem }) else { throw FacetIndexError.corrupt("item number") }
        self.init(order: order)
    }
}
