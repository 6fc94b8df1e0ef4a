import CatalogFormat
import Foundation

/// File layout (little-endian, every array count-prefixed and padded to 8 bytes):
///
/// | part | contents |
/// | --- | --- |
/// | header | magic `SSFACET\n`, format version (`UInt32`), stamp byte count (`UInt32`), stamp UTF-8 |
/// | sections | each: byte count (`UInt64`), ``FacetChecksum`` of its bytes (`UInt64`), then its bytes |
/// | head section | layout (2 × `UInt64`); item meta `[UInt8]`; value ids `[Int64]` × 6 dimensions |
/// | forward section | forward CSR offsets + codes `[UInt32]` |
/// | two sections per slot | summary: container flags `[UInt8]`, sparse CSR offsets `[UInt32]`, item counts `[UInt32]`; payload: sparse items `[UInt32]`, dense bitset words `[UInt64]` (one item-number-wide bitset per dense value) |
///
/// Each section carries its own checksum, so a reader can load the head alone and decode the
/// forward index and each slot only when a query first needs it (``FacetIndexSections``); counts
/// without filters read a slot's summary alone.
extension FacetIndex {
    package static let magic: [UInt8] = Array("SSFACET\n".utf8)
    /// Bump when the layout changes; older files are then refused and rebuilt.
    ///
    /// ```swift
    /// let stamp = "\(FacetIndex.formatVersion)/\(seedHash)/\(writeCounter)"
    /// ```
    package static let formatVersion: UInt32 = 3

    /// The index as bytes, tagged with `stamp` (say a hash of the database seed and a write
    /// counter) that ``init(serialized:expectedStamp:)`` must be given again.
    ///
    /// ```swift
    /// try index.serialized(stamp: "seed-3f2a/writes-1187").write(to: cacheURL)
    /// ```
    package func serialized(stamp: String) -> Data {
        var writer = FacetBinaryWriter(capacity: 64 + meta.count * 5 + forwardIndex.codes.count * 8)
        // Writing into memory cannot fail.
        try? encode(stamp: stamp, into: &writer)
        return writer.bytes
    }

    /// The file's bytes, in order, into `writer`.
    package func encode<Output: FacetOutput>(stamp: String, into writer: inout Output) throws {
        let index = (try? materialized()) ?? self
        let compact = index.forward.compactArrays()
        Self.appendHeader(stamp: stamp, to: &writer)
        try writer.appendSection { index.appendHead(to: &$0) }
        try writer.appendSection { writer in
            writer.appendArray(compact.offsets)
            writer.appendArray(compact.codes)
        }
        let words = index.wordCount
        for lists in index.postings { try Self.appendSlot(SlotArrays(lists, wordCount: words), to: &writer) }
    }

    /// Magic, format version and stamp.
    package static func appendHeader<Output: FacetOutput>(stamp: String, to writer: inout Output) {
        writer.appendBytes(Self.magic)
        writer.append(Self.formatVersion)
        let stampBytes = Array(stamp.utf8)
        writer.append(UInt32(truncatingIfNeeded: stampBytes.count))
        writer.appendBytes(stampBytes)
    }

    /// The head section's contents: layout, item meta, value ids.
    package func appendHead<Output: FacetOutput>(to writer: inout Output) {
        writer.append(UInt64(layout.denseDivisor))
        writer.append(UInt64(layout.minDenseCount))
        writer.appendArray(meta)
        for dictionary in values { writer.appendArray(dictionary.ids) }
    }

    /// A slot's two sections: its summary, then its payload.
    package static func appendSlot<Output: FacetOutput>(_ slot: SlotArrays, to writer: inout Output) throws {
        try writer.appendSection { writer in
            writer.appendArray(slot.flags)
            writer.appendArray(slot.offsets)
            writer.appendArray(slot.counts)
        }
        try writer.appendSection { writer in
            writer.appendArray(slot.items)
            writer.appendArray(slot.denseWords)
        }
    }

    /// Loads an index written by ``serialized(stamp:)`` whole: every section checked and decoded.
    /// Throws ``FacetIndexError`` for another stamp, another format version, or short or
    /// damaged data — never traps.
    ///
    /// ```swift
    /// let index = (try? FacetIndex(serialized: Data(contentsOf: cacheURL), expectedStamp: stamp))
    ///     ?? rebuildFromDatabase()
    /// ```
    package init(serialized data: Data, expectedStamp: String) throws {
        self = try FacetIndex(sectionsOf: data, expectedStamp: expectedStamp).materialized()
    }

    /// One slot's posting lists as the file's flat arrays.
    package struct SlotArrays {
        package var flags: [UInt8] = []
        package var offsets: [UInt32] = [0]
        package var counts: [UInt32] = []
        package var items: [UInt32] = []
        package var denseWords: [UInt64] = []

        package init(_ lists: [PostingList], wordCount: Int) {
            for list in lists {
                flags.append(list.isDense ? 1 : 0)
                counts.append(UInt32(truncatingIfNeeded: list.count))
                if list.isDense {
                    let own = list.bits.words.prefix(wordCount)
                    denseWords.append(contentsOf: own)
                    denseWords.append(contentsOf: repeatElement(0, count: wordCount - own.count))
                } else {
                    items.append(contentsOf: list.sparse)
                }
                offsets.append(UInt32(truncatingIfNeeded: items.count))
            }
        }
    }

    /// Loads the head of an index written by ``serialized(stamp:)`` (header, item meta, value
    /// dictionaries: a few checks over about one byte per item); the forward index and the posting
    /// lists are checked and decoded when first used (see ``isDamaged``).
    package init(sectionsOf data: Data, expectedStamp: String) throws {
        self = try Self.sections(of: data, expectedStamp: expectedStamp).index
    }

    /// ``init(sectionsOf:expectedStamp:)`` with the stamp found in the file; `expectedStamp` nil
    /// accepts any stamp.
    package static func sections(of data: Data, expectedStamp: String?) throws -> (index: FacetIndex, stamp: String) {
        let (head, sections, stamp) = try FacetIndexSections.open(data, expectedStamp: expectedStamp)
        var index = try data.withUnsafeBytes { raw in
            var reader = FacetBinaryReader(raw, position: head.lowerBound)
            let index = try Self.decodeHead(&reader)
            guard reader.position == head.upperBound else { throw FacetIndexError.corrupt("head") }
            return index
        }
        index.sections = sections
        index.postings = Array(repeating: [], count: FacetSlots.count)
        return (index, stamp)
    }

    package static func decodeHead(_ reader: inout FacetBinaryReader) throws -> FacetIndex {
        let divisor = try reader.read(UInt64.self)
        let minDense = try reader.read(UInt64.self)
        guard (1...1 << 20).contains(divisor), minDense <= UInt64(Int.max) else {
            throw FacetIndexError.corrupt("layout")
        }
        var index = FacetIndex(layout: Layout(denseDivisor: Int(divisor), minDenseCount: Int(minDense)))
        index.meta = try reader.readArray(UInt8.self)
        for dimension in 0..<TagDimension.facetCount {
            guard let dictionary = ValueDictionary(ids: try reader.readArray(Int64.self)) else {
                throw FacetIndexError.corrupt("value ids")
            }
            index.values[dimension] = dictionary
        }
        try index.validateMeta()
        index.kindMasks = index.visibleMasks()
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

    /// Maps the cache file at `url` and loads its head only; see ``init(sectionsOf:expectedStamp:)``.
    ///
    /// ```swift
    /// let index = try FacetIndex(mapping: cacheURL, expectedStamp: stamp)   // posting lists read when needed
    /// ```
    package init(mapping url: URL, expectedStamp: String) throws {
        try self.init(sectionsOf: Data(contentsOf: url, options: .alwaysMapped), expectedStamp: expectedStamp)
    }

    /// Maps the cache file at `url` and loads its head, whatever its stamp; gives the stamp too.
    package static func mapping(_ url: URL) throws -> (index: FacetIndex, stamp: String) {
        try sections(of: Data(contentsOf: url, options: .alwaysMapped), expectedStamp: nil)
    }

    /// Writes ``serialized(stamp:)`` to `url` atomically, encoded straight into the file (the
    /// bytes are never all in memory).
    ///
    /// ```swift
    /// try index.write(to: cacheURL, stamp: stamp)
    /// ```
    package func write(to url: URL, stamp: String) throws {
        var writer = try FacetFileWriter(replacing: url)
        do {
            try encode(stamp: stamp, into: &writer)
            try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
    }
}
