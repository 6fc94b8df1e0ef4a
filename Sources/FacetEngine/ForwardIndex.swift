/// Every item's tag codes (see ``FacetCode``), sorted and duplicate-free, in one flat array.
///
/// Item `i` owns `codes[starts[i] ..< starts[i] + lengths[i]]`. A rewrite that fits stays in
/// place; a longer one moves to the end and the old run becomes garbage, reclaimed by a
/// compaction once garbage outweighs live codes. That keeps one upsert O(its tags).
///
/// ```swift
/// var forward = ForwardIndex()
/// forward.set(item: 2, codes: [5, 9])
/// forward.codes(of: 2)                // [5, 9]
/// forward.codes(of: 0)                // []
/// ```
package struct ForwardIndex: Sendable {
    package private(set) var starts: [UInt32] = []
    package private(set) var lengths: [UInt32] = []
    package private(set) var codes: [UInt32] = []
    /// Codes no item owns any more.
    package private(set) var garbage = 0

    package init() {}

    /// An index over compact CSR arrays: item `i` owns `codes[offsets[i] ..< offsets[i + 1]]`.
    /// The caller guarantees `offsets` is non-decreasing, starts at 0 and ends at `codes.count`.
    package init(offsets: [UInt32], codes: [UInt32]) {
        let itemCount = max(0, offsets.count - 1)
        starts = Array(offsets.prefix(itemCount))
        lengths = [UInt32](unsafeUninitializedCapacity: itemCount) { buffer, initialized in
            offsets.withUnsafeBufferPointer { offsets in
                for item in 0..<itemCount { buffer[item] = offsets[item + 1] &- offsets[item] }
            }
            initialized = itemCount
        }
        self.codes = codes
    }

    /// Number of item slots (highest item number + 1 that was ever set).
    package var slotCount: Int { starts.count }

    /// The codes of `item`; empty for an unknown item.
    package func codes(of item: UInt32) -> ArraySlice<UInt32> {
        let index = Int(item)
        guard index < starts.count else { return [] }
        let start = Int(starts[index])
        return codes[start..<start + Int(lengths[index])]
    }

    /// Replaces the codes of `item` (sorted, duplicate-free), growing the slots when needed.
    package mutating func set(item: UInt32, codes newCodes: [UInt32]) {
        let index = Int(item)
        if index == starts.count {
            starts.append(UInt32(truncatingIfNeeded: codes.count))
            lengths.append(UInt32(truncatingIfNeeded: newCodes.count))
            codes.append(contentsOf: newCodes)
            return
        }
        if index > starts.count {
            let extra = index + 1 - starts.count
            starts.append(contentsOf: repeatElement(UInt32(truncatingIfNeeded: codes.count), count: extra))
            lengths.append(contentsOf: repeatElement(0, count: extra))
        }
        let oldLength = Int(lengths[index])
        if newCodes.count <= oldLength {
            let start = Int(starts[index])
            codes.replaceSubrange(start..<start + newCodes.count, with: newCodes)
            garbage += oldLength - newCodes.count
        } else {
            starts[index] = UInt32(truncatingIfNeeded: codes.count)
            codes.append(contentsOf: newCodes)
            garbage += oldLength
        }
        lengths[index] = UInt32(truncatingIfNeeded: newCodes.count)
        if garbage > 4096, garbage * 2 > codes.count { self = compacted() }
    }

    /// The same codes with no garbage, items in order, arrays no larger than needed.
    package func compacted() -> ForwardIndex {
        let parts = compactArrays()
        let codes = [UInt32](unsafeUninitializedCapacity: parts.codes.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: parts.codes)
        }
        return ForwardIndex(offsets: parts.offsets, codes: codes)
    }

    /// Compact CSR arrays: `offsets` has one more entry than there are slots.
    package func compactArrays() -> (offsets: [UInt32], codes: [UInt32]) {
        if garbage == 0, isInOrder {
            return (starts + [UInt32(truncatingIfNeeded: codes.count)], codes)
        }
        var offsets = [UInt32]()
        offsets.reserveCapacity(starts.count + 1)
        var packed = [UInt32]()
        packed.reserveCapacity(codes.count - garbage)
        for index in starts.indices {
            offsets.append(UInt32(truncatingIfNeeded: packed.count))
            let start = Int(starts[index])
            packed.append(contentsOf: codes[start..<start + Int(lengths[index])])
        }
        offsets.append(UInt32(truncatingIfNeeded: packed.count))
        return (offsets, packed)
    }

    /// ``compactArrays()``, leaving this index empty: arrays already compact are handed over, not
    /// copied, and codes with much spare capacity are copied to their size (a million-item
    /// import's builder grew them by doubling).
    package mutating func takeCompactArrays() -> (offsets: [UInt32], codes: [UInt32]) {
        guard garbage == 0, isInOrder else {
            let parts = compactArrays()
            self = ForwardIndex()
            return parts
        }
        var offsets: [UInt32] = []
        var taken: [UInt32] = []
        swap(&offsets, &starts)
        swap(&taken, &codes)
        self = ForwardIndex()
        offsets.append(UInt32(truncatingIfNeeded: taken.count))
        if taken.capacity > taken.count + taken.count / 8 {
            taken = [UInt32](unsafeUninitializedCapacity: taken.count) { buffer, initialized in
                initialized = buffer.initialize(fromContentsOf: taken)
            }
        }
        return (offsets, taken)
    }

    /// Whether item runs follow each other with no gaps, in item order.
    private var isInOrder: Bool {
        var expected: UInt32 = 0
        for index in starts.indices {
            guard starts[index] == expected else { return false }
            expected &+= lengths[index]
        }
        return Int(expected) == codes.count
    }

    /// Bytes held by the arrays.
    package var memoryBytes: Int {
        (starts.capacity + lengths.capacity + codes.capacity) * MemoryLayout<UInt32>.stride
    }
}
