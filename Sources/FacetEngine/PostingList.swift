/// The visible items of one kind that carry one tag value: a sorted `UInt32` array while the
/// value is rare, a ``Bitset`` once it is common (roaring-style, one container per list).
///
/// ```swift
/// var list = PostingList()
/// list.insert(7); list.insert(3)
/// list.sparse                         // [3, 7]
/// list.makeDense(wordCount: 1)        // now a bitset, same items
/// ```
package struct PostingList: Sendable, Equatable {
    /// Sorted, duplicate-free items while `isDense` is false.
    package var sparse: [UInt32] = []
    /// The items while `isDense` is true.
    package var bits = Bitset(wordCount: 0)
    /// Which container holds the items.
    package var isDense = false
    /// Number of items, whichever container holds them.
    package var count = 0

    /// A sparse list over sorted, duplicate-free items.
    package init(sorted items: [UInt32] = []) {
        sparse = items
        count = items.count
    }

    /// A dense list over a bitset.
    package init(bits: Bitset) {
        self.bits = bits
        isDense = true
        count = bits.count
    }

    /// Switches to a bitset of at least `wordCount` words.
    package mutating func makeDense(wordCount: Int) {
        guard !isDense else { return }
        var dense = Bitset(wordCount: wordCount)
        for item in sparse { dense.insert(item) }
        bits = dense
        sparse = []
        isDense = true
    }

    /// Adds `item`.
    package mutating func insert(_ item: UInt32) {
        if isDense {
            if bits.insert(item) { count += 1 }
            return
        }
        let position = insertionPoint(of: item)
        guard position == sparse.count || sparse[position] != item else { return }
        sparse.insert(item, at: position)
        count += 1
    }

    /// Removes `item`.
    package mutating func remove(_ item: UInt32) {
        if isDense {
            if bits.remove(item) { count -= 1 }
            return
        }
        let position = insertionPoint(of: item)
        guard position < sparse.count, sparse[position] == item else { return }
        sparse.remove(at: position)
        count -= 1
    }

    /// Adds every item to `mask`.
    package func addAll(to mask: inout Bitset) {
        if isDense {
            mask.formUnion(bits)
        } else {
            for item in sparse { mask.insert(item) }
        }
    }

    /// `|items ∩ mask|`.
    @inline(__always)
    package func intersectionCount(_ mask: Bitset) -> Int {
        if isDense { return bits.intersectionCount(mask) }
        return mask.words.withUnsafeBufferPointer { words in
            var total = 0
            for item in sparse {
                let word = Int(item >> 6)
                if word < words.count, words[word] & (1 << UInt64(item & 63)) != 0 { total &+= 1 }
            }
            return total
        }
    }

    /// The items in ascending order.
    package func elements() -> [UInt32] { isDense ? bits.elements() : sparse }

    /// Bytes held by the containers.
    package var memoryBytes: Int { sparse.capacity * MemoryLayout<UInt32>.stride + bits.memoryBytes }

    private func insertionPoint(of item: UInt32) -> Int {
        var low = 0
        var high = sparse.count
        while low < high {
            let middle = (low + high) >> 1
            if sparse[middle] < item { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
