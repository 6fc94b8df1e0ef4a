import CatalogFormat

extension FacetIndex {
    /// How ``counts(kind:filters:strategy:)`` computes a dimension's counts. All strategies give
    /// the same answer; they differ in speed, which the `facet-bench` executable measures.
    package enum CountingStrategy: String, Sendable, CaseIterable {
        /// Per dimension, whichever of `postings` and `items` the cost model expects to be cheaper.
        case adaptive
        /// For each value, `|posting list ∩ mask|`: bitset AND + popcount for common values,
        /// probing the mask for each item of a rare value.
        case postings
        /// Walk the mask's items and add up their values in the dimension.
        case items
        /// One pass over the kind's visible items counting failing dimensions (0 failing → every
        /// dimension; exactly 1 → that dimension).
        case scan
    }

    /// Disjunctive facet counts for `kind` under `filters`.
    ///
    /// `total` is the number of visible items of the kind matching every filter; the counts of
    /// each dimension D of `kind.dimensions` apply every filter except D's own, so the siblings
    /// of a selected value keep their counts. Zero counts are left out. A filter on a dimension
    /// the kind may not use matches nothing: total 0, every dimension empty.
    ///
    /// ```swift
    /// let raw = index.counts(kind: .sfx, filters: some TagSelection(locationIDs: [forest]))
    /// raw.total                        // sfx in the forest
    /// raw.counts[.location]?[swamp]    // sfx in the swamp: the location filter is not applied
    /// raw.counts[.mood]?[eerie]        // eerie sfx in the forest
    /// ```
    package func counts(kind: Kind, filters: some TagSelection) -> RawFacetCounts {
        counts(kind: kind, filters: filters, strategy: .adaptive)
    }

    /// ``counts(kind:filters:)`` with a chosen ``CountingStrategy`` (for measurements).
    ///
    /// ```swift
    /// index.counts(kind: .sfx, filters: filters, strategy: .scan) == index.counts(kind: .sfx, filters: filters)
    /// ```
    package func counts(kind: Kind, filters: some TagSelection, strategy: CountingStrategy) -> RawFacetCounts {
        let plan = plan(kind: kind, filters: filters)
        if plan.matchesNothing { return .empty(kind: kind) }
        if strategy == .scan { return scanCounts(plan) }
        let total = mask(plan, excluding: nil)
        var result = RawFacetCounts(total: total?.count ?? kindMasks[plan.kind].count, counts: [:])
        for dimension in kind.dimensions {
            let ordinal = dimension.facetOrdinal
            let isActive = plan.active.contains { $0.dimension == ordinal }
            let dimensionMask = isActive ? mask(plan, excluding: ordinal) : total
            result.counts[dimension] = tallies(plan: plan, dimension: ordinal, mask: dimensionMask, strategy: strategy)
        }
        return result
    }

    /// Value id → count for one dimension over `mask` (nil: every visible item of the kind).
    private func tallies(plan: FilterPlan, dimension: Int, mask: Bitset?, strategy: CountingStrategy) -> [Int64: Int] {
        guard let slot = FacetSlots.slot(kind: plan.kind, dimension: dimension) else { return [:] }
        let ids = values[dimension].ids
        var counts: [Int64: Int] = [:]
        func add(_ tally: [Int]) {
            for (value, count) in tally.enumerated() where count > 0 { counts[ids[value]] = count }
        }
        guard let mask else {  // no filter: the lists' own sizes (from a file, its summary alone)
            add(listCounts(slot: slot))
            return counts
        }
        let maskCount = mask.count
        if maskCount == 0 { return counts }
        if useItems(slot: slot, maskCount: maskCount, wordCount: mask.words.count, strategy: strategy) {
            add(itemTallies(dimension: dimension, mask: mask))
        } else {
            add(listTallies(slot: slot, mask: mask, maskCount: maskCount))
        }
        return counts
    }

    /// The cost model of ``CountingStrategy/adaptive``, in units of about 0.4 ns (calibrated
    /// with `facet-bench` at 1M items): AND + popcount of one bitset word ≈ 1, probing the mask
    /// for one item of a sparse list ≈ 4, walking one mask item through the forward index
    /// (scattered reads of three arrays) ≈ 300. So the walk wins only for selective masks —
    /// a few thousand items against a dimension with large posting lists. The lists' sizes come
    /// from the slot's summary (a list is taken as dense when the layout makes it so). A forward
    /// index still in the file is decoded only once the walks would have saved what decoding it
    /// costs (``FacetIndexSections/forwardWorthDecoding(saving:)``): at 1M items it is 22 MB,
    /// where the lists of every sfx dimension together are 8.5 MB.
    private func useItems(slot: Int, maskCount: Int, wordCount words: Int, strategy: CountingStrategy) -> Bool {
        switch strategy {
        case .items: return true
        case .postings, .scan: return false
        case .adaptive:
            var postingsCost = 0
            for count in listCounts(slot: slot) where count > 0 {
                postingsCost += layout.isDense(count: count, itemNumbers: meta.count) ? words : count * 4
            }
            let itemsCost = maskCount * 300
            guard itemsCost < postingsCost else { return false }
            return sections?.forwardWorthDecoding(saving: postingsCost - itemsCost) ?? true
        }
    }

    /// Per value index of `dimension`, how many items of `mask` carry it.
    private func itemTallies(dimension: Int, mask: Bitset) -> [Int] {
        var tally = [Int](repeating: 0, count: values[dimension].count)
        let wanted = UInt32(truncatingIfNeeded: dimension)
        let forward = forwardIndex
        tally.withUnsafeMutableBufferPointer { tally in
            forward.starts.withUnsafeBufferPointer { starts in
                forward.lengths.withUnsafeBufferPointer { lengths in
                    forward.codes.withUnsafeBufferPointer { codes in
                        mask.forEach { item in
                            let index = Int(item)
                            guard index < starts.count else { return }
                            let start = Int(starts[index])
                            for position in start..<start + Int(lengths[index]) {
                                let code = codes[position]
                                let codeDimension = code >> FacetCode.valueBits
                                if codeDimension == wanted {
                                    tally[Int(code & FacetCode.valueMask)] &+= 1
                                } else if codeDimension > wanted {
                                    break
                                }
                            }
                        }
                    }
                }
            }
        }
        return tally
    }
}
