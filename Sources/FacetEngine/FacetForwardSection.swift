import Foundation

/// The forward index section of an index file, read in place: an item's codes by two small reads,
/// and the whole section written again with some items' codes replaced, streamed through a small
/// buffer (the offsets shifted as they pass, the unchanged codes copied as bytes).
package struct FacetForwardSection {
    private let source: FacetFileSource
    /// Forward slots + 1.
    private let offsetCount: Int
    private let offsetsStart: Int
    private let codeCount: Int
    private let codesStart: Int

    /// Checks the section's checksum and shape (one offset per item of the head, plus one).
    package init(_ source: FacetFileSource, _ section: FacetFileSource.Section, itemCount: Int) throws {
        try source.verify(section)
        self.source = source
        let body = section.body
        offsetCount = Int(clamping: try source.value(UInt64.self, at: body.lowerBound))
        offsetsStart = body.lowerBound + 8
        guard offsetCount == itemCount + 1, offsetsStart + Self.padded(offsetCount * 4) + 8 <= body.upperBound else {
            throw FacetIndexError.corrupt("forward offsets")
        }
        let codesHeader = offsetsStart + Self.padded(offsetCount * 4)
        codeCount = Int(clamping: try source.value(UInt64.self, at: codesHeader))
        codesStart = codesHeader + 8
        guard codeCount <= UInt32.max, codesStart + Self.padded(codeCount * 4) == body.upperBound else {
            throw FacetIndexError.corrupt("forward offsets")
        }
    }

    private var slotCount: Int { offsetCount - 1 }

    private static func padded(_ count: Int) -> Int { (count + 7) / 8 * 8 }

    /// Where `item`'s codes start (the end of the codes past the last slot).
    private func offset(_ item: Int) throws -> Int {
        guard item < offsetCount else { return codeCount }
        let found = Int(try source.value(UInt32.self, at: offsetsStart + 4 * item))
        guard found <= codeCount else { throw FacetIndexError.corrupt("forward offsets") }
        return found
    }

    /// `item`'s codes in the file (none past the last slot).
    package func codes(of item: UInt32) throws -> [UInt32] {
        guard Int(item) < slotCount else { return [] }
        let (start, end) = (try offset(Int(item)), try offset(Int(item) + 1))
        guard start <= end else { throw FacetIndexError.corrupt("forward offsets") }
        return try uint32s(codesStart + 4 * start..<codesStart + 4 * end)
    }

    private func uint32s(_ range: Range<Int>) throws -> [UInt32] {
        let bytes = try source.read(range)
        return bytes.withUnsafeBytes { raw in
            (0..<raw.count / 4).map { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)) }
        }
    }

    /// The section with `changed` items' codes replaced, over `newSlotCount` slots (items past
    /// the file's last slot own no codes unless changed).
    package func write(
        replacing changed: [UInt32: [UInt32]], slotCount newSlotCount: Int, to writer: inout FacetFileWriter
    )
        throws
    {
        let order = changed.keys.sorted()
        var total = codeCount
        for item in order {
            if Int(item) < slotCount { total -= try offset(Int(item) + 1) - offset(Int(item)) }
            total += changed[item]?.count ?? 0
        }
        try writer.appendSection { writer in
            writer.append(UInt64(newSlotCount + 1))
            try writeOffsets(order, changed, newSlotCount, &writer)
            writer.pad()
            writer.append(UInt64(total))
            var cursor = 0
            for item in order {
                let from = try offset(Int(item))
                try source.pieces(codesStart + 4 * cursor..<codesStart + 4 * from) { writer.write($0) }
                changed[item]?.withUnsafeBytes { writer.write($0) }
                cursor = Int(item) < slotCount ? try offset(Int(item) + 1) : codeCount
            }
            try source.pieces(codesStart + 4 * cursor..<codesStart + 4 * codeCount) { writer.write($0) }
            writer.pad()
        }
    }

    /// The new offsets, a quarter million at a time.
    private func writeOffsets(
        _ order: [UInt32], _ changed: [UInt32: [UInt32]], _ newSlotCount: Int, _ writer: inout FacetFileWriter
    ) throws {
        let chunk = 1 << 18
        var out: [UInt32] = []
        out.reserveCapacity(chunk)
        var next = 0
        var running: UInt32 = 0
        var start = 0
        while start <= newSlotCount {
            let end = min(start + chunk, newSlotCount + 1)
            let oldEnd = min(end + 1, offsetCount)
            let olds = start < oldEnd ? try uint32s(offsetsStart + 4 * start..<offsetsStart + 4 * oldEnd) : []
            out.removeAll(keepingCapacity: true)
            for item in start..<end {
                out.append(running)
                if item == newSlotCount { break }
                if next < order.count, Int(order[next]) == item {
                    running &+= UInt32(truncatingIfNeeded: changed[order[next]]?.count ?? 0)
                    next += 1
                } else if item < slotCount {
                    running &+= olds[item + 1 - start] &- olds[item - start]
                }
            }
            out.withUnsafeBytes { writer.write($0) }
            start = end
        }
    }
}
