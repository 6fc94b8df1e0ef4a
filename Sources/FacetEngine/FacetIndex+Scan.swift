import CatalogFormat

extension FacetIndex {
    /// ``CountingStrategy/scan``: one pass over the kind's visible items. For each item, the
    /// active dimensions none of whose selected values it carries are its *failing* dimensions;
    /// with none failing it adds to every value it carries, with exactly one failing dimension D
    /// it adds to its values in D only, with more it adds nothing.
    package func scanCounts(_ plan: FilterPlan) -> RawFacetCounts {
        // Flat per-value arrays for every dimension: value v of dimension d sits at base[d] + v.
        var base = [Int](repeating: 0, count: TagDimension.facetCount + 1)
        for dimension in 0..<TagDimension.facetCount { base[dimension + 1] = base[dimension] + values[dimension].count }
        var selected = [Bool](repeating: false, count: base[TagDimension.facetCount])
        var activeBits: UInt32 = 0
        for filter in plan.active {
            activeBits |= 1 << UInt32(filter.dimension)
            for value in filter.values { selected[base[filter.dimension] + value] = true }
        }
        var tally = [Int](repeating: 0, count: base[TagDimension.facetCount])
        var total = 0
        let forward = forwardIndex
        tally.withUnsafeMutableBufferPointer { tally in
            selected.withUnsafeBufferPointer { selected in
                base.withUnsafeBufferPointer { base in
                    forward.starts.withUnsafeBufferPointer { starts in
                        forward.lengths.withUnsafeBufferPointer { lengths in
                            forward.codes.withUnsafeBufferPointer { codes in
                                kindMasks[plan.kind].forEach { item in
                                    let index = Int(item)
                                    guard index < starts.count else { return }
                                    let run = Int(starts[index])..<Int(starts[index]) + Int(lengths[index])
                                    var satisfied: UInt32 = 0
                                    for position in run {
                                        let code = codes[position]
                                        let dimension = Int(code >> FacetCode.valueBits)
                                        if selected[base[dimension] + Int(code & FacetCode.valueMask)] {
                                            satisfied |= 1 << UInt32(dimension)
                                        }
                                    }
                                    let failing = activeBits & ~satisfied
                                    if failing == 0 {
                                        total += 1
                                        for position in run {
                                            let code = codes[position]
                                            tally[
                                                base[Int(code >> FacetCode.valueBits)] + Int(code & FacetCode.valueMask)
                                            ] &+= 1
                                        }
                                    } else if failing & (failing - 1) == 0 {
                                        let only = UInt32(failing.trailingZeroBitCount)
                                        for position in run where codes[position] >> FacetCode.valueBits == only {
                                            let code = codes[position]
                                            tally[base[Int(only)] + Int(code & FacetCode.valueMask)] &+= 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        var result = RawFacetCounts(total: total, counts: [:])
        for dimension in Kind(facetOrdinal: plan.kind)?.dimensions ?? [] {
            let ordinal = dimension.facetOrdinal
            var counts: [Int64: Int] = [:]
            for value in 0..<values[ordinal].count where tally[base[ordinal] + value] > 0 {
                counts[values[ordinal].ids[value]] = tally[base[ordinal] + value]
            }
            result.counts[dimension] = counts
        }
        return result
    }
}
