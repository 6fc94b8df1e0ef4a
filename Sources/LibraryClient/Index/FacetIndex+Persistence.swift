import CatalogFormat
import Foundation

/// File layout (little-endian, every array count-prefixed and padded to 8 bytes):
///
/// | part | contents |
/// | --- | --- |
/// | header | magic `SSFACET\n`, format version (`UInt32`), stamp byte count (`UInt32`), stamp UTF-8 |
/// | guard | payload byte count (`UInt64`), ``FacetChecksum`` of the payload (`UInt64`) |
/// | payload | layout (2 × `UInt64`); item meta `[UInt8]`; forward CSR offsets + codes `[UInt32]`; value ids `[Int64]` × 6 dimensions; per slot: container flags `[UInt8]`, sparse CSR offsets + items `[UInt32]`, dense bitset words `[UInt64]` (one item-number-wide bitset per dense value) |
extension FacetIndex {
    static let magic: [UInt8] = Array("SSFACET\n".utf8)
    /// Bump when the layout changes; older files are then refused and rebuilt.
    ///
    /// ```swift
    /// let stamp = "\(FacetIndex.formatVersion)/\(seedHash)/\(writeCounter)"
    /// ```
    package static let formatVersion: UInt32 = 1

    /// The index as bytes, tagged with `stamp` (say a hash of the database seed and a write
    /// counter) that ``init(serialized:expectedStamp:)`` must be given again.
    ///
    /// ```swift
    /// try index.serialized(stamp: "seed-3f2a/writes-1187").write(to: cacheURL)
    /// ```
    package func serialized(stamp: String) -> Data {
        let compact = forward.compactArrays()
        var writer = FacetBinaryWriter(capacity: 64 + meta.count * 5 + compact.codes.count * 8)
        writer.appendBytes(Self.magic)
        writer.append(Self.formatVersion)
        let stampBytes = Array(stamp.utf8)
        writer.append(UInt32(truncatingIfNeeded: stampBytes.count))
        writer.appendBytes(stampBytes)
        let guardOffset = writer.count
        writer.append(UInt64(0))
        writer.append(UInt64(0))
        let payloadStart = writer.count
        writer.append(UInt64(layout.denseDivisor))
        writer.append(UInt64(layout.minDenseCount))
        writer.appendArray(meta)
        writer.appendArray(compact.offsets)
        writer.appendArray(compact.codes)
        for dictionary in values { writer.appendArray(dictionary.ids) }
        let words = wordCount
        for lists in postings { Self.appendSlot(lists, wordCount: words, to: &writer) }
        let payloadCount = writer.count - payloadStart
        let checksum = writer.bytes.withUnsafeBytes {
            FacetChecksum.of(UnsafeRawBufferPointer(rebasing: $0[payloadStart...]))
        }
        writer.patch(UInt64(payloadCount), at: guardOffset)
        writer.patch(checksum, at: guardOffset + 8)
        return writer.bytes
    }

    private static func appendSlot(_ lists: [PostingList], wordCount: Int, to writer: inout FacetBinaryWriter) {
        var flags = [UInt8]()
        var offsets: [UInt32] = [0]
        var items = [UInt32]()
        var denseWords = [UInt64]()
        for list in lists {
            flags.append(list.isDense ? 1 : 0)
            if list.isDense {
                let own = list.bits.words.prefix(wordCount)
                denseWords.append(contentsOf: own)
                denseWords.append(contentsOf: repeatElement(0, count: wordCount - own.count))
            } else {
                items.append(contentsOf: list.sparse)
            }
            offsets.append(UInt32(truncatingIfNeeded: items.count))
        }
        writer.appendArray(flags)
        writer.appendArray(offsets)
        writer.appendArray(items)
        writer.appendArray(denseWords)
    }

    /// Loads an index written by ``serialized(stamp:)``: a few bulk copies plus linear checks.
    /// Throws ``FacetIndexError`` for another stamp, another format version, or short or
    /// damaged data — never traps.
    ///
    /// ```swift
    /// let index = (try? FacetIndex(serialized: Data(contentsOf: cacheURL), expectedStamp: stamp))
    ///     ?? rebuildFromDatabase()
    /// ```
    package init(serialized data: Data, expectedStamp: String) throws {
        self = try data.withUnsafeBytes { raw in
            var reader = FacetBinaryReader(raw)
            guard raw.count >= Self.magic.count, Array(raw.prefix(Self.magic.count)) == Self.magic else {
                throw FacetIndexError.notAFacetIndex
            }
            _ = try reader.readBytes(count: Self.magic.count)
            let version = try reader.read(UInt32.self)
            guard version == Self.formatVersion else { throw FacetIndexError.unsupportedVersion(version) }
            let stampCount = try reader.read(UInt32.self)
            let stamp = String(decoding: try reader.readBytes(count: Int(stampCount)), as: UTF8.self)
            guard stamp == expectedStamp else { throw FacetIndexError.stampMismatch(found: stamp) }
            let payloadCount = try reader.read(UInt64.self)
            let checksum = try reader.read(UInt64.self)
            guard payloadCount <= UInt64(reader.remaining) else { throw FacetIndexError.truncated }
            guard payloadCount == UInt64(reader.remaining) else { throw FacetIndexError.corrupt("trailing bytes") }
            let payload = UnsafeRawBufferPointer(rebasing: raw[reader.position...])
            guard FacetChecksum.of(payload) == checksum else { throw FacetIndexError.corrupt("checksum") }
            return try Self.decodePayload(&reader)
        }
    }

    private static func decodePayload(_ reader: inout FacetBinaryReader) throws -> FacetIndex {
        let divisor = try reader.read(UInt64.self)
        let minDense = try reader.read(UInt64.self)
        guard (1...1 << 20).contains(divisor), minDense <= UInt64(Int.max) else {
            throw FacetIndexError.corrupt("layout")
        }
        var index = FacetIndex(layout: Layout(denseDivisor: Int(divisor), minDenseCount: Int(minDense)))
        index.meta = try reader.readArray(UInt8.self)
        let offsets = try reader.readArray(UInt32.self)
        let codes = try reader.readArray(UInt32.self)
        for dimension in 0..<TagDimension.facetCount {
            guard let dictionary = ValueDictionary(ids: try reader.readArray(Int64.self)) else {
                throw FacetIndexError.corrupt("value ids")
            }
            index.values[dimension] = dictionary
        }
        try index.validateItems(offsets: offsets, codes: codes)
        index.forward = ForwardIndex(offsets: offsets, codes: codes)
        index.kindMasks = index.visibleMasks()
        for slot in 0..<FacetSlots.count {
            index.postings[slot] = try index.decodeSlot(slot, from: &reader)
        }
        guard reader.remaining == 0 else { throw FacetIndexError.corrupt("trailing bytes") }
        return index
    }

    /// Reads the cache file at `url`; see ``init(serialized:expectedStamp:)``.
    ///
    /// ```swift
    /// let index = try FacetIndex(contentsOf: cacheURL, expectedStamp: stamp)
    /// ```
    package init(contentsOf url: URL, expectedStamp: String) throws {
        try self.init(serialized: Data(contentsOf: url, options: .alwaysMapped), expectedStamp: expectedStamp)
    }

    /// Writes ``serialized(stamp:)`` to `url` atomically.
    ///
    /// ```swift
    /// try index.write(to: cacheURL, stamp: stamp)
    /// ```
    package func write(to url: URL, stamp: String) throws {
        try serialized(stamp: stamp).write(to: url, options: .atomic)
    }
}
