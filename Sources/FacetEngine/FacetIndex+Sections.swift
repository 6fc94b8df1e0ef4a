import CatalogFormat

/// Reading an index loaded by sections (``FacetIndexSections``): every read of a slot's posting
/// lists or of the forward index goes through these accessors, which decode the section on first
/// use; writes first decode everything.
extension FacetIndex {
    /// The posting lists of `slot`.
    ///
    /// ```swift
    /// index.lists(slot: FacetSlots.slot(kind: 2, dimension: 1)!).count   // values with sfx items
    /// ```
    package func lists(slot: Int) -> [PostingList] {
        guard let sections else { return postings[slot] }
        return sections.slot(slot) { summary, payload in try decodeSlot(slot, summary: &summary, payload: &payload) }
    }

    /// The item count of each value of `slot` (index = value index), without decoding its lists
    /// when they are still in the file.
    package func listCounts(slot: Int) -> [Int] {
        guard let sections else { return postings[slot].map(\.count) }
        return sections.counts(slot) { reader in try decodeSlotSummary(slot, from: &reader).counts }.map(Int.init)
    }

    /// Every item's tag codes.
    package var forwardIndex: ForwardIndex {
        guard let sections else { return forward }
        return sections.forwardIndex { reader in
            let offsets = try reader.readArray(UInt32.self)
            let codes = try reader.readArray(UInt32.self)
            guard try validateItems(offsets: offsets, codes: codes) == presentCount else {
                throw FacetIndexError.corrupt("items")
            }
            return ForwardIndex(offsets: offsets, codes: codes)
        }
    }

    /// Whether a section read from the file failed its checks. Answers given since may have
    /// missed items: the owner rebuilds the index and asks again.
    ///
    /// ```swift
    /// let counts = index.counts(kind: .sfx, filters: filters)
    /// if index.isDamaged { index = rebuild() }
    /// ```
    package var isDamaged: Bool { sections?.failure != nil }

    /// This index with every section decoded and checked; throws the first section's failure.
    ///
    /// ```swift
    /// let whole = try FacetIndex(mapping: url, expectedStamp: stamp).materialized()
    /// ```
    package func materialized() throws -> FacetIndex {
        guard let sections else { return self }
        var copy = self
        copy.forward = forwardIndex
        for slot in 0..<FacetSlots.count { copy.postings[slot] = lists(slot: slot) }
        if let failure = sections.failure { throw failure }
        copy.sections = nil
        return copy
    }

    /// Before a write: everything decoded. A damaged section stays empty and the index stays
    /// marked damaged (``isDamaged``), so its owner rebuilds it rather than keeping the writes.
    package mutating func materializeForWrites() {
        guard sections != nil else { return }
        if let whole = try? materialized() {
            self = whole
            return
        }
        forward = forwardIndex
        for slot in 0..<FacetSlots.count { postings[slot] = lists(slot: slot) }
    }
}
