import CatalogFormat

extension FacetIndex {
    /// Recomputes every posting list and kind mask from `meta` and `forward`: a counting pass and
    /// a fill pass over one flat array (posting id = slot base + value index), in item order so
    /// every list comes out sorted, then one slice per list.
    package mutating func rebuildPostings() {
        let pairs = FacetSlots.pairs
        var base = [Int](repeating: 0, count: pairs.count + 1)
        for (slot, pair) in pairs.enumerated() { base[slot + 1] = base[slot] + values[pair.dimension].count }
        var offsets = [UInt32](repeating: 0, count: base[pairs.count] + 1)
        offsets.withUnsafeMutableBufferPointer { offsets in
            forEachVisiblePosting(base: base) { _, posting in offsets[posting + 1] &+= 1 }
            for posting in offsets.indices.dropFirst() { offsets[posting] &+= offsets[posting - 1] }
        }
        var items = [UInt32](repeating: 0, count: Int(offsets.last ?? 0))
        var cursors = offsets
        items.withUnsafeMutableBufferPointer { items in
            cursors.withUnsafeMutableBufferPointer { cursors in
                forEachVisiblePosting(base: base) { item, posting in
                    items[Int(cursors[posting])] = item
                    cursors[posting] &+= 1
                }
            }
        }
        kindMasks = visibleMasks()
        let itemNumbers = meta.count
        postings = pairs.indices.map { slot in
            Self.postingLists(
                offsets: offsets[base[slot]...base[slot + 1]], items: items,
                itemNumbers: itemNumbers, layout: layout)
        }
    }

    /// Calls `body(item, postingID)` for every code of every visible item whose kind may use the
    /// code's dimension.
    @inline(__always)
    private func forEachVisiblePosting(base: [Int], _ body: (UInt32, Int) -> Void) {
        let table = FacetSlots.table
        meta.withUnsafeBufferPointer { meta in
            forward.starts.withUnsafeBufferPointer { starts in
                forward.lengths.withUnsafeBufferPointer { lengths in
                    forward.codes.withUnsafeBufferPointer { codes in
                        table.withUnsafeBufferPointer { table in
                            base.withUnsafeBufferPointer { base in
                                for item in 0..<min(meta.count, starts.count) {
                                    let itemMeta = ItemMeta(raw: meta[item])
                                    guard itemMeta.isVisible else { continue }
                                    let row = itemMeta.kindOrdinal * TagDimension.facetCount
                                    let start = Int(starts[item])
                                    for position in start..<start + Int(lengths[item]) {
                                        let code = codes[position]
                                        let slot = table[row + FacetCode.dimension(code)]
                                        guard slot >= 0 else { continue }
                                        body(UInt32(truncatingIfNeeded: item), base[slot] + FacetCode.value(code))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Posting lists of one slot from CSR arrays: value v owns `items[offsets[i+v] ..< offsets[i+v+1]]`
    /// where i is `offsets.startIndex`; runs must be sorted. Lists past `layout`'s threshold
    /// become bitsets.
    package static func postingLists(
        offsets: ArraySlice<UInt32>, items: [UInt32], itemNumbers: Int,
        layout: Layout
    ) -> [PostingList] {
        let words = Bitset.wordCount(for: itemNumbers)
        let first = offsets.startIndex
        return (0..<max(0, offsets.count - 1)).map { value in
            let range = Int(offsets[first + value])..<Int(offsets[first + value + 1])
            guard layout.isDense(count: range.count, itemNumbers: itemNumbers) else {
                return PostingList(sorted: Array(items[range]))
            }
            var words = [UInt64](repeating: 0, count: words)
            words.withUnsafeMutableBufferPointer { words in
                for item in items[range] { words[Int(item >> 6)] |= 1 << UInt64(item & 63) }
            }
            return PostingList(bits: Bitset(words: words))
        }
    }

    /// Visible items per kind ordinal, from `meta`, eight meta bytes at a time (SWAR): a byte
    /// of kind k is visible iff its low nibble is `0x08 | k`.
    package func visibleMasks() -> [Bitset] {
        var music = [UInt64](repeating: 0, count: wordCount)
        var atmosphere = music
        var sfx = music
        let ones: UInt64 = 0x0101_0101_0101_0101
        music.withUnsafeMutableBufferPointer { music in
            atmosphere.withUnsafeMutableBufferPointer { atmosphere in
                sfx.withUnsafeMutableBufferPointer { sfx in
                    meta.withUnsafeBytes { meta in
                        let chunks = meta.count / 8
                        for chunk in 0..<chunks {
                            let nibbles = meta.loadUnaligned(fromByteOffset: chunk * 8, as: UInt64.self) & (ones * 0x0F)
                            let shift = UInt64((chunk & 7) * 8)
                            music[chunk >> 3] |= Self.matchingBytes(nibbles, ones &* 0x08) << shift
                            atmosphere[chunk >> 3] |= Self.matchingBytes(nibbles, ones &* 0x09) << shift
                            sfx[chunk >> 3] |= Self.matchingBytes(nibbles, ones &* 0x0A) << shift
                        }
                        for item in chunks * 8..<meta.count {
                            let itemMeta = ItemMeta(raw: meta[item])
                            guard itemMeta.isVisible else { continue }
                            let bit: UInt64 = 1 << UInt64(item & 63)
                            switch itemMeta.kindOrdinal {
                            case 0: music[item >> 6] |= bit
                            case 1: atmosphere[item >> 6] |= bit
                            default: sfx[item >> 6] |= bit
                            }
                        }
                    }
                }
            }
        }
        return [music, atmosphere, sfx].map { Bitset(words: $0) }
    }

    /// Bit i set iff byte i of `bytes` equals byte i of `pattern` (bytes below 0x80).
    @inline(__always)
    private static func matchingBytes(_ bytes: UInt64, _ pattern: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let difference = bytes ^ pattern
        let zeroFlags = ~(((difference & low) &+ low) | difference | low)  // 0x80 in equal bytes
        return ((zeroFlags >> 7) &* 0x0102_0408_1020_4080) >> 56
    }
}
