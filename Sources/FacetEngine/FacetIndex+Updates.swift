import CatalogFormat

extension FacetIndex {
    /// Inserts or replaces one item; afterwards every query answers as if the index had been
    /// rebuilt from the updated rows. Costs O(the item's tags × posting list length) at worst,
    /// O(its tags) for bitset-backed values.
    ///
    /// ```swift
    /// index.upsert(item: 42, kind: .atmosphere, visible: true, tags: [.mood: [calm]])
    /// ```
    package mutating func upsert(item: UInt32, kind: Kind, visible: Bool, tags: [TagDimension: [Int64]]) {
        materializeForWrites()
        var codes: [UInt32] = []
        Self.encode(kind: kind, tags: tags, values: &values, into: &codes)
        detach(item)
        let index = Int(item)
        if index >= meta.count {
            meta.append(contentsOf: repeatElement(0, count: index + 1 - meta.count))
        }
        meta[index] = ItemMeta(kind: kind, visible: visible).raw
        presentCount += 1
        forward.set(item: item, codes: codes)
        if visible { attach(item) }
    }

    /// Shows or hides a stored item (hidden items keep their tags but count nowhere). Does
    /// nothing for an item that is not stored.
    ///
    /// ```swift
    /// index.setVisible(item: 42, false)
    /// ```
    package mutating func setVisible(item: UInt32, _ visible: Bool) {
        materializeForWrites()
        let index = Int(item)
        guard index < meta.count else { return }
        let current = ItemMeta(raw: meta[index])
        guard current.isPresent, current.isVisible != visible, let kind = current.kind else { return }
        if visible {
            meta[index] = ItemMeta(kind: kind, visible: true).raw
            attach(item)
        } else {
            detachPostings(item)
            meta[index] = ItemMeta(kind: kind, visible: false).raw
        }
    }

    /// Forgets an item entirely (as if it had never been added). Does nothing for an item that
    /// is not stored.
    ///
    /// ```swift
    /// index.remove(item: 42)
    /// ```
    package mutating func remove(item: UInt32) {
        materializeForWrites()
        detach(item)
    }

    /// Takes a stored item out of every posting list and mask and marks it absent.
    private mutating func detach(_ item: UInt32) {
        let index = Int(item)
        guard index < meta.count, ItemMeta(raw: meta[index]).isPresent else { return }
        detachPostings(item)
        meta[index] = ItemMeta.absent.raw
        presentCount -= 1
        forward.set(item: item, codes: [])
    }

    /// Removes a visible item from its kind mask and posting lists (no-op when hidden).
    private mutating func detachPostings(_ item: UInt32) {
        let current = ItemMeta(raw: meta[Int(item)])
        guard current.isVisible else { return }
        let kind = current.kindOrdinal
        kindMasks[kind].remove(item)
        for code in forward.codes(of: item) {
            guard let slot = FacetSlots.slot(kind: kind, dimension: FacetCode.dimension(code)) else { continue }
            let value = FacetCode.value(code)
            if value < postings[slot].count { postings[slot][value].remove(item) }
        }
    }

    /// Adds a visible item to its kind mask and posting lists, turning lists that grew past the
    /// layout's threshold into bitsets.
    private mutating func attach(_ item: UInt32) {
        let current = ItemMeta(raw: meta[Int(item)])
        let kind = current.kindOrdinal
        let words = wordCount
        kindMasks[kind].insert(item)
        for code in forward.codes(of: item) {
            guard let slot = FacetSlots.slot(kind: kind, dimension: FacetCode.dimension(code)) else { continue }
            let value = FacetCode.value(code)
            if value >= postings[slot].count {
                postings[slot].append(contentsOf: repeatElement(PostingList(), count: value + 1 - postings[slot].count))
            }
            postings[slot][value].insert(item)
            if !postings[slot][value].isDense,
                layout.isDense(count: postings[slot][value].count, itemNumbers: meta.count)
            {
                postings[slot][value].makeDense(wordCount: words)
            }
        }
    }
}
