import CatalogFormat

/// Counting a slot's posting lists where the file stores them: a fresh process counts a filtered
/// query's dimensions without copying every list of each out of the file (at 1M items the sfx
/// slots hold 8.5 MB), and answers as the decoded lists would.
extension FacetIndex {
    /// Per value index of `slot`, `|list ∩ mask|` (`maskCount`: how many items `mask` holds):
    /// from the decoded lists, or else read in place from the file
    /// (``FacetIndexSections/readStored(_:_:)``; empty when the slot is damaged, which marks the
    /// index so).
    package func listTallies(slot: Int, mask: Bitset, maskCount: Int) -> [Int] {
        guard let sections, !sections.isDecoded(slot) else {
            return lists(slot: slot).map { $0.count > 0 ? $0.intersectionCount(mask) : 0 }
        }
        return sections.readStored(slot) { summary, payload in
            try storedSlot(slot, summary: &summary, payload: &payload).intersectionCounts(mask, count: maskCount)
        } ?? []
    }
}

extension FacetIndex.StoredSlot {
    /// Masks of at most this many items are listed, so that long sparse lists can be searched
    /// for their items instead of read whole.
    package static let fewItems = 4096

    /// Per value, `|list ∩ selection|` (`count`: how many items `selection` holds), each list
    /// read where it lies and only as far as the count needs: a sparse list is read whole and
    /// each item looked up in `selection`, or, when it is more than 16 times longer than
    /// `selection` has items, searched for each of them (galloping: a filtered count's mask often
    /// has a few hundred items, a list tens of thousands); a dense list's words are read where
    /// `selection` has any. The slot's checksum, checked before, vouches for the rest: the lists
    /// are taken as written (sorted, within the kind), and no read leaves the section whatever
    /// they hold.
    package func intersectionCounts(_ selection: Bitset, count: Int) throws -> [Int] {
        let flags = summary.flags
        var result = [Int](repeating: 0, count: flags.count)
        var selected: [UInt32] = []
        if count <= Self.fewItems {
            selected.reserveCapacity(count)
            selection.forEach { selected.append($0) }
        }
        var denseIndex = 0
        try selection.words.withUnsafeBufferPointer { maskWords in
            try selected.withUnsafeBufferPointer { selected in
                for value in flags.indices {
                    let start = Int(summary.offsets[value])
                    let end = Int(summary.offsets[value + 1])
                    guard start <= end, end <= items.count else { throw FacetIndexError.corrupt("postings") }
                    if flags[value] == 1 {
                        guard start == end, (denseIndex + 1) * wordCount <= denseWords.count else {
                            throw FacetIndexError.corrupt("postings")
                        }
                        result[value] = denseCount(denseIndex, maskWords)
                        denseIndex += 1
                    } else if !selected.isEmpty, selected.count &* 16 < end - start {
                        result[value] = searchedCount(start..<end, selected)
                    } else {
                        result[value] = probedCount(start..<end, maskWords)
                    }
                }
            }
        }
        return result
    }

    /// Items of the sparse run `range` in `maskWords`, each looked up. Branch-free: whether an
    /// item is in the mask is as good as random to a branch predictor.
    private func probedCount(_ range: Range<Int>, _ maskWords: UnsafeBufferPointer<UInt64>) -> Int {
        guard !range.isEmpty, let words = maskWords.baseAddress else { return 0 }
        let reach = maskWords.count
        var total = 0
        for position in range {
            let item = Int(items.element(position))
            let word = item &>> 6
            let inside = word < reach
            total &+= Int(truncatingIfNeeded: (words[inside ? word : 0] &>> UInt64(item & 63)) & (inside ? 1 : 0))
        }
        return total
    }

    /// Items of `selected` (ascending) in the sparse run `range`: each found by galloping from
    /// where the previous one was looked for, then a binary search.
    private func searchedCount(_ range: Range<Int>, _ selected: UnsafeBufferPointer<UInt32>) -> Int {
        var low = range.lowerBound
        let end = range.upperBound
        var total = 0
        for target in selected {
            // Every position before `low` holds an item below `target`.
            var high = low
            var step = 1
            while high < end, items.element(high) < target {
                low = high + 1
                high = low + step
                step &<<= 1
            }
            high = min(high, end)
            while low < high {
                let middle = (low + high) >> 1
                if items.element(middle) < target { low = middle + 1 } else { high = middle }
            }
            guard low < end else { break }
            if items.element(low) == target {
                total += 1
                low += 1
            }
        }
        return total
    }

    /// Items of the `denseIndex`-th bitset in `maskWords`, read only where the mask has any.
    private func denseCount(_ denseIndex: Int, _ maskWords: UnsafeBufferPointer<UInt64>) -> Int {
        let first = denseIndex * wordCount
        var total = 0
        for index in 0..<min(wordCount, maskWords.count) where maskWords[index] != 0 {
            total &+= (denseWords.element(first + index) & maskWords[index]).nonzeroBitCount
        }
        return total
    }
}
