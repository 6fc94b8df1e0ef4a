/// The tag values of one dimension seen so far: value id (an SQLite rowid) ↔ dense index.
///
/// Indices are handed out in first-seen order and never reused, so adding a value never moves
/// another one. Lookups use an open-addressing table with a multiplicative hash (ids are our own
/// rowids, not attacker-chosen), several times cheaper than `Dictionary`'s seeded SipHash on the
/// build path, which looks up every tag of every item.
///
/// ```swift
/// var values = ValueDictionary()
/// values.intern(904)                  // 0
/// values.intern(17)                   // 1
/// values.index(of: 904)               // 0
/// values.ids[1]                       // 17
/// ```
package struct ValueDictionary: Sendable, Equatable {
    /// Value ids by index.
    package private(set) var ids: [Int64] = []
    /// Hash slots: `slotIDs[s]` is the id stored in slot s, `slotIndices[s]` its index or `empty`.
    private var slotIDs: [Int64] = Array(repeating: 0, count: 16)
    private var slotIndices: [UInt32] = Array(repeating: ValueDictionary.empty, count: 16)
    private var shift: UInt64 = 60

    private static let empty = UInt32.max

    package init() {}

    /// A dictionary over ids read from a file; nil when an id repeats or there are too many.
    package init?(ids: [Int64]) {
        guard ids.count <= FacetCode.maxValuesPerDimension else { return nil }
        reserve(ids.count)
        for id in ids {
            let before = self.ids.count
            guard intern(id) != nil, self.ids.count == before + 1 else { return nil }
        }
    }

    package static func == (lhs: ValueDictionary, rhs: ValueDictionary) -> Bool { lhs.ids == rhs.ids }

    /// Number of values.
    package var count: Int { ids.count }

    @inline(__always)
    private func home(_ id: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The index of `id`, or nil when no item ever carried it.
    @inline(__always)
    package func index(of id: Int64) -> UInt32? {
        let mask = slotIndices.count - 1
        var slot = home(id)
        while true {
            let stored = slotIndices[slot]
            if stored == Self.empty { return nil }
            if slotIDs[slot] == id { return stored }
            slot = (slot + 1) & mask
        }
    }

    /// The index of `id`, adding it when new. Returns nil only when the dimension is full
    /// (2^29 distinct values).
    @inline(__always)
    package mutating func intern(_ id: Int64) -> UInt32? {
        let mask = slotIndices.count - 1
        var slot = home(id)
        while true {
            let stored = slotIndices[slot]
            if stored == Self.empty { break }
            if slotIDs[slot] == id { return stored }
            slot = (slot + 1) & mask
        }
        guard ids.count < FacetCode.maxValuesPerDimension else { return nil }
        let index = UInt32(truncatingIfNeeded: ids.count)
        ids.append(id)
        slotIDs[slot] = id
        slotIndices[slot] = index
        if ids.count * 2 > slotIndices.count { reserve(ids.count) }
        return index
    }

    /// Grows the table so `count` values stay under half full.
    private mutating func reserve(_ count: Int) {
        var capacity = slotIndices.count
        var newShift = shift
        while count * 2 >= capacity {
            capacity *= 2
            newShift -= 1
        }
        guard capacity != slotIndices.count else { return }
        slotIDs = Array(repeating: 0, count: capacity)
        slotIndices = Array(repeating: Self.empty, count: capacity)
        shift = newShift
        let mask = capacity - 1
        for (index, id) in ids.enumerated() {
            var slot = home(id)
            while slotIndices[slot] != Self.empty { slot = (slot + 1) & mask }
            slotIDs[slot] = id
            slotIndices[slot] = UInt32(truncatingIfNeeded: index)
        }
    }

    /// Bytes held (ids plus the hash table).
    package var memoryBytes: Int {
        ids.capacity * MemoryLayout<Int64>.stride + slotIDs.capacity * MemoryLayout<Int64>.stride
            + slotIndices.capacity * MemoryLayout<UInt32>.stride
    }
}
