import CatalogFormat

/// An in-memory index of every item's kind, visibility and tag values that answers filtered
/// lists and disjunctive facet counts without touching SQLite.
///
/// Items are identified by dense item numbers (`UInt32`, 0 ..< n) that the caller assigns and
/// maps to the database's UUIDs. Built once from all rows (``Builder``), persisted to a file
/// (``serialized(stamp:)``), kept in step with writes (``upsert(item:kind:visible:tags:)``).
///
/// Semantics: filters are OR within a dimension and AND across dimensions; only visible items
/// count; facet counts for dimension D apply every filter except D's own. A filter on a
/// dimension the kind may not use (say creature types for music) matches nothing, so `total`
/// is 0 and every count is empty. Tags on a dimension the item's kind may not use are ignored.
/// Item numbers should stay dense: memory grows with the highest number stored.
///
/// Layout: one meta byte per item; a forward index (every item's tag codes, flat CSR); per
/// (kind, dimension, value) a posting list of the visible items of that kind carrying the
/// value — a sorted `UInt32` array while rare, a bitset once it holds more than 1/32 of the item
/// numbers; per kind a bitset of its visible items. Queries OR the selected values' lists per
/// dimension into a bitset and AND across dimensions; the counts of dimension D intersect each
/// of D's lists with the AND of the other dimensions' masks (bitset AND + popcount, or mask
/// probes for sparse lists), or — for very selective masks — walk the mask's items through the
/// forward index (see ``CountingStrategy``).
///
/// ```swift
/// var builder = FacetIndex.Builder()
/// builder.add(item: 0, kind: .sfx, visible: true, tags: [.location: [4], .creatureType: [9]])
/// builder.add(item: 1, kind: .sfx, visible: true, tags: [.location: [5]])
/// let index = builder.build()
/// index.matching(kind: .sfx, filters: some TagSelection(locationIDs: [4]))   // [0]
/// index.counts(kind: .sfx, filters: some TagSelection(locationIDs: [4])).counts[.location]   // [4: 1, 5: 1]
/// ```
package struct FacetIndex: Sendable {
    /// One ``ItemMeta`` byte per item number.
    package var meta: [UInt8]
    /// Every item's tag codes, visible or not.
    package var forward: ForwardIndex
    /// Value ids per dimension ordinal.
    package var values: [ValueDictionary]
    /// Posting lists per slot (see ``FacetSlots``), indexed by value index; a value past the end
    /// of a slot's array has no items there.
    package var postings: [[PostingList]]
    /// Visible items per kind ordinal.
    package var kindMasks: [Bitset]
    /// When a posting list becomes a bitset.
    package var layout: Layout
    /// Items stored (visible or not).
    package var presentCount: Int
    /// For an index loaded from a file by sections: the forward index and posting lists not
    /// decoded yet (``lists(slot:)``, ``forwardIndex``); nil once everything is in `forward` and
    /// `postings`.
    package var sections: FacetIndexSections?

    /// An index with no items, to fill with ``upsert(item:kind:visible:tags:)``.
    ///
    /// ```swift
    /// var index = FacetIndex()
    /// index.upsert(item: 0, kind: .music, visible: true, tags: [.mood: [3]])
    /// ```
    package init() {
        self.init(layout: .standard)
    }

    package init(layout: Layout) {
        meta = []
        forward = ForwardIndex()
        values = Array(repeating: ValueDictionary(), count: TagDimension.facetCount)
        postings = Array(repeating: [], count: FacetSlots.count)
        kindMasks = Array(repeating: Bitset(wordCount: 0), count: Kind.allCases.count)
        self.layout = layout
        presentCount = 0
    }

    /// Number of items stored, visible or not.
    ///
    /// ```swift
    /// index.itemCount == rowCountInDatabase   // else rebuild
    /// ```
    package var itemCount: Int { presentCount }

    /// One past the highest item number ever stored: the size an item-number-indexed array
    /// (such as a sort key array) needs.
    ///
    /// ```swift
    /// var sortKeys = [UInt32](repeating: 0, count: index.itemNumberBound)
    /// ```
    package var itemNumberBound: Int { meta.count }

    /// The kind of `item`, or nil when it is not stored.
    ///
    /// ```swift
    /// index.kind(of: 7)                   // .sfx
    /// ```
    package func kind(of item: UInt32) -> Kind? {
        Int(item) < meta.count ? ItemMeta(raw: meta[Int(item)]).kind : nil
    }

    /// Whether `item` is stored and visible.
    ///
    /// ```swift
    /// index.isVisible(7)                  // false after setVisible(item: 7, false)
    /// ```
    package func isVisible(_ item: UInt32) -> Bool {
        Int(item) < meta.count && ItemMeta(raw: meta[Int(item)]).isVisible
    }

    /// The stored tags of `item` (only dimensions its kind may use, ids deduplicated).
    ///
    /// ```swift
    /// index.tags(of: 7)[.mood]            // [3, 12]
    /// ```
    package func tags(of item: UInt32) -> [TagDimension: [Int64]] {
        var tags: [TagDimension: [Int64]] = [:]
        for code in forwardIndex.codes(of: item) {
            guard let dimension = TagDimension(facetOrdinal: FacetCode.dimension(code)) else { continue }
            tags[dimension, default: []].append(values[dimension.facetOrdinal].ids[FacetCode.value(code)])
        }
        return tags
    }

    /// Approximate heap bytes the index holds (array capacities; about 43 MB at 1M items).
    ///
    /// ```swift
    /// print(index.memoryBytes / 1_048_576, "MB")
    /// ```
    package var memoryBytes: Int {
        let index = (try? materialized()) ?? self
        return index.decodedBytes
    }

    private var decodedBytes: Int {
        var total = meta.capacity + forward.memoryBytes
        total += values.reduce(0) { $0 + $1.memoryBytes }
        total += kindMasks.reduce(0) { $0 + $1.memoryBytes }
        for lists in postings {
            total += lists.capacity * MemoryLayout<PostingList>.stride
            total += lists.reduce(0) { $0 + $1.memoryBytes }
        }
        return total
    }

    /// Words a mask over every item number needs.
    package var wordCount: Int { Bitset.wordCount(for: meta.count) }

    /// The posting list of a value in a slot, or nil when it has no items there.
    package func postingList(slot: Int, value: Int) -> PostingList? {
        if let sections {
            return sections.list(slot, value: value) { summary, payload in
                try decodeList(slot, value: value, summary: &summary, payload: &payload)
            }
        }
        return value < postings[slot].count ? postings[slot][value] : nil
    }
}

extension FacetIndex {
    /// When a value's posting list is stored as a bitset instead of a sorted array.
    package struct Layout: Sendable, Equatable {
        /// A list of `count` items over `n` item numbers is dense when `count * denseDivisor > n`.
        package var denseDivisor: Int
        /// … and `count >= minDenseCount`.
        package var minDenseCount: Int

        /// A bitset costs n/8 bytes, a sorted array 4 bytes per item: equal at n/32.
        package static let standard = Layout(denseDivisor: 32, minDenseCount: 64)

        package func isDense(count: Int, itemNumbers: Int) -> Bool {
            count >= minDenseCount && count.multipliedReportingOverflow(by: denseDivisor).partialValue > itemNumbers
        }
    }
}
