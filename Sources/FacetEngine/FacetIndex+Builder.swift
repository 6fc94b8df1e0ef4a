import CatalogFormat

extension FacetIndex {
    /// Collects every row once, then lays out the index in two linear passes.
    ///
    /// Rows may come in any order; adding the same item again replaces it. Items in
    /// ascending order build fastest (no compaction).
    ///
    /// ```swift
    /// var builder = FacetIndex.Builder()
    /// for row in rows {
    ///     builder.add(item: row.number, kind: row.kind, visible: row.visible, tags: row.tags)
    /// }
    /// let index = builder.build()
    /// ```
    package struct Builder: Sendable {
        private var meta: [UInt8] = []
        private var forward = ForwardIndex()
        private var values = Array(repeating: ValueDictionary(), count: TagDimension.facetCount)
        private var scratch: [UInt32] = []
        private var presentCount = 0
        private let layout: Layout

        /// An empty builder.
        package init() {
            layout = .standard
        }

        package init(layout: Layout) {
            self.layout = layout
        }

        /// Adds (or replaces) one item. Only the dimensions `kind` may use are kept; repeated
        /// ids count once.
        ///
        /// ```swift
        /// builder.add(item: 12, kind: .atmosphere, visible: false, tags: [.location: [4, 9]])
        /// ```
        package mutating func add(item: UInt32, kind: Kind, visible: Bool, tags: [TagDimension: [Int64]]) {
            FacetIndex.encode(kind: kind, tags: tags, values: &values, into: &scratch)
            let index = Int(item)
            if index == meta.count {
                meta.append(0)
            } else if index > meta.count {
                meta.append(contentsOf: repeatElement(0, count: index + 1 - meta.count))
            }
            if !ItemMeta(raw: meta[index]).isPresent { presentCount += 1 }
            meta[index] = ItemMeta(kind: kind, visible: visible).raw
            forward.set(item: item, codes: scratch)
        }

        /// The finished index: posting lists built in two linear passes.
        ///
        /// ```swift
        /// let index = builder.build()
        /// ```
        package func build() -> FacetIndex {
            var index = FacetIndex(layout: layout)
            index.meta = meta
            index.forward = forward.compacted()
            index.values = values
            index.presentCount = presentCount
            index.rebuildPostings()
            return index
        }

        /// ``build()``, handing this builder's arrays over to the index instead of copying them,
        /// and freeing them before the posting lists are laid out; the builder is empty after.
        ///
        /// ```swift
        /// let index = builder.take()
        /// ```
        package mutating func take() -> FacetIndex {
            var index = FacetIndex(layout: layout)
            swap(&index.meta, &meta)
            let parts = forward.takeCompactArrays()
            index.forward = ForwardIndex(offsets: parts.offsets, codes: parts.codes)
            swap(&index.values, &values)
            values = Array(repeating: ValueDictionary(), count: TagDimension.facetCount)
            index.presentCount = presentCount
            presentCount = 0
            index.rebuildPostings()
            return index
        }
    }

    /// Encodes the tags of an item of `kind` as sorted, duplicate-free tag codes, interning new
    /// value ids. Dimensions the kind may not use are skipped.
    package static func encode(
        kind: Kind, tags: [TagDimension: [Int64]], values: inout [ValueDictionary],
        into codes: inout [UInt32]
    ) {
        codes.removeAll(keepingCapacity: true)
        let allowed = kind.facetAllowedMask
        values.withUnsafeMutableBufferPointer { values in
            for (dimension, ids) in tags {
                let ordinal = dimension.facetOrdinal
                guard allowed & 1 << UInt32(ordinal) != 0 else { continue }
                for id in ids {
                    guard let value = values[ordinal].intern(id) else { continue }
                    codes.append(FacetCode.make(dimension: ordinal, value: value))
                }
            }
        }
        guard codes.count > 1 else { return }
        // Items carry a handful of codes: insertion sort beats the general sort here.
        codes.withUnsafeMutableBufferPointer { codes in
            for position in 1..<codes.count {
                let code = codes[position]
                var hole = position
                while hole > 0, codes[hole - 1] > code {
                    codes[hole] = codes[hole - 1]
                    hole -= 1
                }
                codes[hole] = code
            }
        }
        var kept = 1
        for position in 1..<codes.count where codes[position] != codes[kept - 1] {
            codes[kept] = codes[position]
            kept += 1
        }
        codes.removeLast(codes.count - kept)
    }
}
