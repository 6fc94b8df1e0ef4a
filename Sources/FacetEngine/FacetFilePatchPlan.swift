import CatalogFormat

/// What patching an index file changes (``FacetIndex/patchFile(_:at:expectedStamp:newStamp:)``),
/// worked out before anything is written: the new head (item meta, value ids), the changed items'
/// new codes, and per slot the posting-list insertions and removals in the order
/// ``FacetIndex/upsert(item:kind:visible:tags:)`` would make them.
package struct FacetFilePatchPlan {
    /// One change to one posting list of a slot.
    package struct Operation {
        package var value: Int
        package var item: UInt32
        package var insert: Bool
        /// Item numbers at the time (where an insertion turns a list into a bitset).
        package var itemNumbers: Int

        package func apply(to lists: inout [PostingList], layout: FacetIndex.Layout) {
            guard insert else {
                if value < lists.count { lists[value].remove(item) }
                return
            }
            if value >= lists.count {
                lists.append(contentsOf: repeatElement(PostingList(), count: value + 1 - lists.count))
            }
            lists[value].insert(item)
            if !lists[value].isDense, layout.isDense(count: lists[value].count, itemNumbers: itemNumbers) {
                lists[value].makeDense(wordCount: Bitset.wordCount(for: itemNumbers))
            }
        }
    }

    /// The head after the changes (its posting lists and forward index are not used).
    package private(set) var head: FacetIndex
    /// Each changed item's codes after the changes.
    package private(set) var codes: [UInt32: [UInt32]] = [:]
    /// Forward index slots after the changes.
    package private(set) var slotCount: Int
    /// Per slot, its posting-list changes in order.
    package private(set) var operations: [Int: [Operation]] = [:]

    package init(head: FacetIndex) {
        self.head = head
        slotCount = head.meta.count
    }

    /// Plans one upsert; `oldCodes` gives an item's codes in the file.
    package mutating func add(_ update: FacetIndex.ItemUpdate, oldCodes: (UInt32) throws -> [UInt32]) throws {
        var newCodes: [UInt32] = []
        FacetIndex.encode(kind: update.kind, tags: update.tags, values: &head.values, into: &newCodes)
        let index = Int(update.number)
        if index < head.meta.count, ItemMeta(raw: head.meta[index]).isPresent {
            let current = ItemMeta(raw: head.meta[index])
            if current.isVisible {
                let stored = try codes[update.number] ?? oldCodes(update.number)
                plan(stored, kind: current.kindOrdinal, item: update.number, insert: false)
            }
            head.meta[index] = ItemMeta.absent.raw
            head.presentCount -= 1
            codes[update.number] = []
        }
        if index >= head.meta.count {
            head.meta.append(contentsOf: repeatElement(0, count: index + 1 - head.meta.count))
        }
        let meta = ItemMeta(kind: update.kind, visible: update.visible)
        head.meta[index] = meta.raw
        head.presentCount += 1
        codes[update.number] = newCodes
        slotCount = max(slotCount, index + 1)
        if update.visible { plan(newCodes, kind: meta.kindOrdinal, item: update.number, insert: true) }
    }

    private mutating func plan(_ itemCodes: [UInt32], kind: Int, item: UInt32, insert: Bool) {
        for code in itemCodes {
            guard let slot = FacetSlots.slot(kind: kind, dimension: FacetCode.dimension(code)) else { continue }
            operations[slot, default: []].append(
                Operation(value: FacetCode.value(code), item: item, insert: insert, itemNumbers: head.meta.count))
        }
    }
}
