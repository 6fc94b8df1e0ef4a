import CatalogFormat

extension FacetIndex {
    /// Filters resolved against the index for one kind.
    package struct FilterPlan {
        /// Kind ordinal.
        package var kind: Int
        /// A filter names a dimension the kind may not use: nothing matches.
        package var matchesNothing: Bool
        /// Every dimension with a selection, in ordinal order.
        package var active: [ActiveFilter]
    }

    /// One dimension's selection: the known selected value indices and the union of their
    /// posting lists.
    package struct ActiveFilter {
        package var dimension: Int
        package var values: [Int]
        package var mask: Bitset
    }

    /// Resolves `filters` for `kind`: unknown value ids select nothing, several ids in one
    /// dimension OR together.
    package func plan(kind: Kind, filters: some TagSelection) -> FilterPlan {
        let kindOrdinal = kind.facetOrdinal
        var plan = FilterPlan(kind: kindOrdinal, matchesNothing: false, active: [])
        for dimension in TagDimension.allCases {
            let ids = filters[dimension]
            guard !ids.isEmpty else { continue }
            let ordinal = dimension.facetOrdinal
            guard let slot = FacetSlots.slot(kind: kindOrdinal, dimension: ordinal) else {
                plan.matchesNothing = true
                return plan
            }
            var filter = ActiveFilter(dimension: ordinal, values: [], mask: Bitset(wordCount: wordCount))
            for id in ids {
                guard let value = values[ordinal].index(of: id) else { continue }
                filter.values.append(Int(value))
                postingList(slot: slot, value: Int(value))?.addAll(to: &filter.mask)
            }
            plan.active.append(filter)
        }
        return plan
    }

    /// The items matching every active filter of `plan` except `excluded`'s own (a dimension
    /// ordinal, or nil to apply them all); nil means "every visible item of the kind".
    package func mask(_ plan: FilterPlan, excluding excluded: Int?) -> Bitset? {
        var result: Bitset?
        for entry in plan.active where entry.dimension != excluded {
            if result == nil {
                result = entry.mask
            } else {
                result?.formIntersection(entry.mask)
            }
        }
        return result
    }

    /// Item numbers of visible items of `kind` matching every filter, ascending.
    ///
    /// ```swift
    /// let page = index.matching(kind: .sfx, filters: some TagSelection(moodIDs: [calm, eerie]))
    /// // sort or page these via SQLite (`WHERE rowid IN …`) or a sort key array
    /// ```
    /// The visible items of `kind` matching every filter, as a set (``matching(kind:filters:)``
    /// without listing them: a list page walks its order against it).
    ///
    /// ```swift
    /// let found = index.matchingSet(kind: .sfx, filters: filters)
    /// found.count                         // the list's total
    /// ```
    package func matchingSet(kind: Kind, filters: some TagSelection) -> Bitset {
        let plan = plan(kind: kind, filters: filters)
        if plan.matchesNothing { return Bitset(wordCount: 0) }
        return mask(plan, excluding: nil) ?? kindMasks[plan.kind]
    }

    package func matching(kind: Kind, filters: some TagSelection) -> [UInt32] {
        let plan = plan(kind: kind, filters: filters)
        if plan.matchesNothing { return [] }
        return (mask(plan, excluding: nil) ?? kindMasks[plan.kind]).elements()
    }

    /// The number of items ``matching(kind:filters:)`` returns, without building the array.
    ///
    /// ```swift
    /// index.matchCount(kind: .music, filters: some TagSelection())   // visible music items
    /// ```
    package func matchCount(kind: Kind, filters: some TagSelection) -> Int {
        let plan = plan(kind: kind, filters: filters)
        if plan.matchesNothing { return 0 }
        return (mask(plan, excluding: nil) ?? kindMasks[plan.kind]).count
    }
}
