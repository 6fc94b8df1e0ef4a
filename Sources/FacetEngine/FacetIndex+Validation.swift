import CatalogFormat

/// Structural checks for data read from a file, so that a file that passes the checksum but
/// still disagrees with itself is refused instead of trapping later.
extension FacetIndex {
    /// Checks item meta bytes and the forward CSR against the value dictionaries, and counts
    /// the stored items: meta bytes well-formed, offsets non-decreasing, absent items own no
    /// codes, every code names a real dimension and a known value, codes strictly ascending
    /// within each item. (Whether a code's dimension suits the item's kind is not checked: such
    /// a code is never counted, so it cannot break anything; the checksum catches accidents.)
    ///
    /// Flat, branch-free loops: a per-item inner loop mispredicts at every item's end and
    /// costs several times more at 1M items. Returns how many items are stored.
    package func validateItems(offsets: [UInt32], codes: [UInt32]) throws -> Int {
        guard offsets.count == meta.count + 1, offsets.first == 0, offsets.last.map(Int.init) == codes.count else {
            throw FacetIndexError.corrupt("forward offsets")
        }
        let wellFormed: [UInt8] = (0...255).map { ItemMeta(raw: UInt8($0)).isWellFormed ? 1 : 0 }
        // Per dimension ordinal (3 bits, so 8 entries): how many values exist; 0 for 6 and 7.
        var limits = [UInt32](repeating: 0, count: 8)
        for (dimension, dictionary) in values.enumerated() { limits[dimension] = UInt32(dictionary.count) }
        var bad: UInt32 = 0
        var present = 0
        meta.withUnsafeBufferPointer { meta in
            offsets.withUnsafeBufferPointer { offsets in
                wellFormed.withUnsafeBufferPointer { wellFormed in
                    for item in 0..<meta.count {
                        let raw = meta[item]
                        let absent = UInt32(((raw >> 4) & 1) ^ 1)
                        present &+= Int((raw >> 4) & 1)
                        bad |= UInt32(wellFormed[Int(raw)] ^ 1)
                        bad |= offsets[item] > offsets[item + 1] ? 1 : 0
                        bad |= offsets[item] != offsets[item + 1] ? absent : 0
                    }
                }
            }
        }
        guard bad == 0 else { throw FacetIndexError.corrupt("items") }
        // Bit p set when some item's run starts at code position p.
        var runStarts = [UInt64](repeating: 0, count: codes.count / 64 + 1)
        runStarts.withUnsafeMutableBufferPointer { runStarts in
            offsets.withUnsafeBufferPointer { offsets in
                for offset in offsets { runStarts[Int(offset >> 6)] |= 1 &<< UInt64(offset & 63) }
            }
            codes.withUnsafeBufferPointer { codes in
                limits.withUnsafeBufferPointer { limits in
                    for code in codes {
                        bad |= code & FacetCode.valueMask >= limits[Int(code &>> FacetCode.valueBits)] ? 1 : 0
                    }
                    for position in codes.indices.dropFirst() {
                        let descends: UInt64 = codes[position] <= codes[position - 1] ? 1 : 0
                        let startsRun = runStarts[position >> 6] &>> UInt64(position & 63)
                        bad |= UInt32(truncatingIfNeeded: descends & ~startsRun & 1)
                    }
                }
            }
        }
        guard bad == 0 else { throw FacetIndexError.corrupt("item codes") }
        return present
    }

    /// Checks that every item meta byte is well-formed, and counts the stored items (the head of a
    /// file loaded by sections; the forward index is checked against it when it is decoded).
    package mutating func validateMeta() throws {
        // Eight bytes at a time: a byte is 0, or 0x10 | visible 0x08 | kind 0...2.
        let ones: UInt64 = 0x0101_0101_0101_0101
        var bad: UInt64 = 0
        var present = 0
        meta.withUnsafeBytes { meta in
            let chunks = meta.count / 8
            for chunk in 0..<chunks {
                let x = meta.loadUnaligned(fromByteOffset: chunk * 8, as: UInt64.self)
                let lowBits = x & (ones &* 0x0B)  // kind and visible bits, below 0x80 in each byte
                let hasLowBits = (((lowBits &+ ones &* 0x7F) | lowBits) >> 7) & ones
                let presentBits = (x >> 4) & ones
                bad |= (x & (ones &* 0xE4)) | (hasLowBits & ~presentBits) | (x & (x >> 1) & ones)
                present &+= (x & (ones &* 0x10)).nonzeroBitCount
            }
            for raw in meta[(chunks * 8)...] {
                present &+= Int((raw >> 4) & 1)
                if !ItemMeta(raw: raw).isWellFormed { bad = 1 }
            }
        }
        guard bad == 0 else { throw FacetIndexError.corrupt("items") }
        presentCount = present
    }

    /// Reads one slot's summary: flags, sparse offsets and item counts, shaped alike and within
    /// the dimension's values; sparse counts agree with the offsets.
    package func decodeSlotSummary(_ slot: Int, from reader: inout FacetBinaryReader) throws -> SlotSummary {
        let pair = FacetSlots.pairs[slot]
        let summary = SlotSummary(
            flags: try reader.readArray(UInt8.self), offsets: try reader.readArray(UInt32.self),
            counts: try reader.readArray(UInt32.self))
        let (flags, offsets, counts) = (summary.flags, summary.offsets, summary.counts)
        guard flags.count <= values[pair.dimension].count, offsets.count == flags.count + 1,
            counts.count == flags.count, offsets.first == 0, flags.allSatisfy({ $0 <= 1 })
        else {
            throw FacetIndexError.corrupt("postings")
        }
        for value in flags.indices where flags[value] == 0 {
            guard offsets[value] <= offsets[value + 1], counts[value] == offsets[value + 1] - offsets[value] else {
                throw FacetIndexError.corrupt("postings")
            }
        }
        return summary
    }

    /// One slot's summary as stored.
    package struct SlotSummary {
        package var flags: [UInt8]
        package var offsets: [UInt32]
        package var counts: [UInt32]
    }

    /// One slot as the file stores it, its shape checked: the summary, and the sparse items and
    /// dense bitset words left in the file's buffer (valid as long as that buffer).
    package struct StoredSlot {
        package let summary: SlotSummary
        package let items: FacetBinarySlice<UInt32>
        package let denseWords: FacetBinarySlice<UInt64>
        package let wordCount: Int
        package let mask: Bitset

        /// Value `value`'s list, copied once out of the file: a sparse list strictly ascending, a
        /// dense one exactly one item-number-wide bitset (the `denseIndex`-th), every item in the
        /// slot's kind mask, and as long as the summary says.
        package func list(_ value: Int, denseIndex: Int) throws -> PostingList {
            let start = Int(summary.offsets[value])
            let end = Int(summary.offsets[value + 1])
            guard start <= end, end <= items.count else { throw FacetIndexError.corrupt("postings") }
            if summary.flags[value] == 1 {
                guard start == end else { throw FacetIndexError.corrupt("postings") }
                let bits = Bitset(words: denseWords.array(from: denseIndex * wordCount, count: wordCount))
                guard FacetIndex.isSubset(bits, of: mask), bits.count == Int(summary.counts[value]) else {
                    throw FacetIndexError.corrupt("postings")
                }
                return PostingList(bits: bits)
            }
            let run = items.array(from: start, count: end - start)
            guard FacetIndex.isAscending(run, within: mask) else { throw FacetIndexError.corrupt("postings") }
            return PostingList(sorted: run)
        }
    }

    /// Reads one slot's summary and finds its payload's arrays, sized as the summary says.
    package func storedSlot(
        _ slot: Int, summary summaryReader: inout FacetBinaryReader, payload: inout FacetBinaryReader
    ) throws -> StoredSlot {
        let summary = try decodeSlotSummary(slot, from: &summaryReader)
        let items = try payload.readSlice(UInt32.self)
        let denseWords = try payload.readSlice(UInt64.self)
        let denseCount = summary.flags.reduce(0) { $0 + Int($1) }
        guard summary.offsets.last.map(Int.init) == items.count, denseWords.count == denseCount * wordCount else {
            throw FacetIndexError.corrupt("postings")
        }
        return StoredSlot(
            summary: summary, items: items, denseWords: denseWords, wordCount: wordCount,
            mask: kindMasks[FacetSlots.pairs[slot].kind])
    }

    /// Reads one slot's posting lists, each checked as ``StoredSlot/list(_:denseIndex:)`` says.
    package func decodeSlot(
        _ slot: Int, summary: inout FacetBinaryReader, payload: inout FacetBinaryReader
    ) throws -> [PostingList] {
        let stored = try storedSlot(slot, summary: &summary, payload: &payload)
        let flags = stored.summary.flags
        var lists = [PostingList]()
        lists.reserveCapacity(flags.count)
        var denseIndex = 0
        for value in flags.indices {
            lists.append(try stored.list(value, denseIndex: denseIndex))
            denseIndex += Int(flags[value])
        }
        return lists
    }

    /// One value's list of a slot, with the checks ``decodeSlot(_:summary:payload:)`` makes for it;
    /// nil when the value has no list in the slot.
    package func decodeList(
        _ slot: Int, value: Int, summary: inout FacetBinaryReader, payload: inout FacetBinaryReader
    ) throws -> PostingList? {
        let stored = try storedSlot(slot, summary: &summary, payload: &payload)
        let flags = stored.summary.flags
        guard value < flags.count else { return nil }
        return try stored.list(value, denseIndex: flags[..<value].reduce(0) { $0 + Int($1) })
    }

    /// Strictly ascending, and every item in `mask`.
    package static func isAscending(_ run: [UInt32], within mask: Bitset) -> Bool {
        var previous: Int64 = -1
        for item in run {
            guard Int64(item) > previous, mask.contains(item) else { return false }
            previous = Int64(item)
        }
        return true
    }

    package static func isSubset(_ bits: Bitset, of mask: Bitset) -> Bool {
        guard bits.words.count <= mask.words.count else { return false }
        return bits.words.withUnsafeBufferPointer { bits in
            mask.words.withUnsafeBufferPointer { mask in
                var stray: UInt64 = 0
                for index in bits.indices { stray |= bits[index] & ~mask[index] }
                return stray == 0
            }
        }
    }
}
