/// A growable set of item numbers stored as 64-bit words, the dense half of the facet index.
///
/// Bitsets of different lengths combine as if the shorter one were padded with zero words, so
/// growing the catalog never forces every bitset to be resized.
///
/// ```swift
/// var bits = Bitset(wordCount: 2)
/// bits.insert(3); bits.insert(70)
/// bits.count                          // 2
/// bits.contains(70)                   // true
/// ```
package struct Bitset: Sendable, Equatable {
    /// The words; bit `i % 64` of word `i / 64` holds item `i`.
    package var words: [UInt64]

    /// An empty bitset with room for `wordCount * 64` items.
    package init(wordCount: Int) {
        words = [UInt64](repeating: 0, count: max(0, wordCount))
    }

    /// A bitset over the given words.
    package init(words: [UInt64]) {
        self.words = words
    }

    /// Words needed for `itemCount` items.
    package static func wordCount(for itemCount: Int) -> Int { (max(0, itemCount) + 63) >> 6 }

    /// Whether `item` is in the set; items past the end are not.
    @inline(__always)
    package func contains(_ item: UInt32) -> Bool {
        let word = Int(item >> 6)
        guard word < words.count else { return false }
        return words[word] & (1 << UInt64(item & 63)) != 0
    }

    /// Adds `item`, growing the words when needed; returns whether it was new.
    @discardableResult
    package mutating func insert(_ item: UInt32) -> Bool {
        let word = Int(item >> 6)
        if word >= words.count {
            words.append(contentsOf: repeatElement(0, count: word + 1 - words.count))
        }
        let mask: UInt64 = 1 << UInt64(item & 63)
        let wasNew = words[word] & mask == 0
        words[word] |= mask
        return wasNew
    }

    /// Removes `item`; returns whether it was present.
    @discardableResult
    package mutating func remove(_ item: UInt32) -> Bool {
        let word = Int(item >> 6)
        guard word < words.count else { return false }
        let mask: UInt64 = 1 << UInt64(item & 63)
        let wasPresent = words[word] & mask != 0
        words[word] &= ~mask
        return wasPresent
    }

    /// Number of items in the set.
    package var count: Int {
        words.withUnsafeBufferPointer { buffer in
            var total = 0
            for word in buffer { total &+= word.nonzeroBitCount }
            return total
        }
    }

    /// `self ∪= other`, growing to `other`'s length when it is longer.
    package mutating func formUnion(_ other: Bitset) {
        if other.words.count > words.count {
            words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
        }
        let length = other.words.count
        words.withUnsafeMutableBufferPointer { mine in
            other.words.withUnsafeBufferPointer { theirs in
                for index in 0..<length { mine[index] |= theirs[index] }
            }
        }
    }

    /// `self ∩= other`; words past `other`'s end become zero.
    package mutating func formIntersection(_ other: Bitset) {
        let shared = min(words.count, other.words.count)
        words.withUnsafeMutableBufferPointer { mine in
            other.words.withUnsafeBufferPointer { theirs in
                for index in 0..<shared { mine[index] &= theirs[index] }
                for index in shared..<mine.count { mine[index] = 0 }
            }
        }
    }

    /// `|self ∩ other|` without building the intersection.
    package func intersectionCount(_ other: Bitset) -> Int {
        let shared = min(words.count, other.words.count)
        return words.withUnsafeBufferPointer { mine in
            other.words.withUnsafeBufferPointer { theirs in
                var total = 0
                for index in 0..<shared { total &+= (mine[index] & theirs[index]).nonzeroBitCount }
                return total
            }
        }
    }

    /// Calls `body` with every item in ascending order.
    @inline(__always)
    package func forEach(_ body: (UInt32) -> Void) {
        words.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                var word = buffer[index]
                let base = UInt32(truncatingIfNeeded: index << 6)
                while word != 0 {
                    body(base | UInt32(truncatingIfNeeded: word.trailingZeroBitCount))
                    word &= word &- 1
                }
            }
        }
    }

    /// The items in ascending order.
    package func elements() -> [UInt32] {
        let total = count
        return [UInt32](unsafeUninitializedCapacity: total) { buffer, initialized in
            var next = 0
            forEach { item in
                buffer[next] = item
                next += 1
            }
            initialized = next
        }
    }

    /// Bytes held by the words.
    package var memoryBytes: Int { words.capacity * MemoryLayout<UInt64>.stride }
}
