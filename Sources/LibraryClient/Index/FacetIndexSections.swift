import Foundation

/// The parts of an index file (``FacetIndex/init(sectionsOf:expectedStamp:)``) decoded only when a
/// query first needs them: the forward index and each slot's posting lists. A fresh process then
/// answers its first query after reading the head (about one byte per item) and the few slots the
/// query touches, instead of the whole file. Each section is checked (its checksum, then the
/// loader's structural rules) when it is decoded; a section that fails reads as empty and marks
/// the index damaged (``isDamaged``), so its owner rebuilds it and asks again.
///
/// Shared by every copy of the index value; decoding is serialized by a lock.
final class FacetIndexSections: @unchecked Sendable {
    private struct Section {
        var range: Range<Int>
        var checksum: UInt64
    }

    private let data: Data
    private let forwardSection: Section
    /// Per slot: its summary (flags, offsets, counts) and its payload (items, bitset words).
    private let slotSections: [(summary: Section, payload: Section)]
    private let lock = NSLock()
    private var slots: [[PostingList]?]
    private var summaries: [[UInt32]?]
    /// Slots whose two checksums were checked, and the single lists read from them so far.
    private var verified: [Bool]
    private var singles: [[Int: PostingList?]]
    private var forward: ForwardIndex?
    private var damage: FacetIndexError?

    private init(data: Data, forward: Section, slots: [(summary: Section, payload: Section)]) {
        self.data = data
        forwardSection = forward
        slotSections = slots
        self.slots = Array(repeating: nil, count: slots.count)
        summaries = Array(repeating: nil, count: slots.count)
        verified = Array(repeating: false, count: slots.count)
        singles = Array(repeating: [:], count: slots.count)
    }

    /// Checks the header and the stamp, finds every section, checks the head section's checksum,
    /// and returns the head's byte range with the sections still to decode.
    /// `expectedStamp` nil takes the file's stamp, whatever it is (the caller compares it later).
    static func open(_ data: Data, expectedStamp: String?) throws -> (
        head: Range<Int>, sections: FacetIndexSections, stamp: String
    ) {
        try data.withUnsafeBytes { raw in
            var reader = FacetBinaryReader(raw)
            guard raw.count >= FacetIndex.magic.count, Array(raw.prefix(FacetIndex.magic.count)) == FacetIndex.magic
            else {
                throw FacetIndexError.notAFacetIndex
            }
            _ = try reader.readBytes(count: FacetIndex.magic.count)
            let version = try reader.read(UInt32.self)
            guard version == FacetIndex.formatVersion else { throw FacetIndexError.unsupportedVersion(version) }
            let stampCount = try reader.read(UInt32.self)
            let stamp = String(decoding: try reader.readBytes(count: Int(stampCount)), as: UTF8.self)
            guard expectedStamp == nil || stamp == expectedStamp else {
                throw FacetIndexError.stampMismatch(found: stamp)
            }
            var sections: [Section] = []
            for _ in 0..<(2 + 2 * FacetSlots.count) {
                let count = try reader.read(UInt64.self)
                let checksum = try reader.read(UInt64.self)
                guard count <= UInt64(reader.remaining), count % 8 == 0 else { throw FacetIndexError.truncated }
                let start = reader.position
                sections.append(Section(range: start..<start + Int(count), checksum: checksum))
                reader = FacetBinaryReader(raw, position: start + Int(count))
            }
            guard reader.remaining == 0 else { throw FacetIndexError.corrupt("trailing bytes") }
            let head = sections[0]
            guard FacetChecksum.of(UnsafeRawBufferPointer(rebasing: raw[head.range])) == head.checksum else {
                throw FacetIndexError.corrupt("checksum")
            }
            let slotSections = stride(from: 2, to: sections.count, by: 2).map { (sections[$0], sections[$0 + 1]) }
            let rest = FacetIndexSections(data: data, forward: sections[1], slots: slotSections)
            return (head.range, rest, stamp)
        }
    }

    /// Why a section failed, once one did.
    var failure: FacetIndexError? { lock.withLock { damage } }

    /// The posting lists of `slot`, decoded by `decode` (from readers at the starts of its
    /// summary and payload) on first use; empty when a section is damaged.
    func slot(
        _ slot: Int, decode: (inout FacetBinaryReader, inout FacetBinaryReader) throws -> [PostingList]
    ) -> [PostingList] {
        lock.withLock {
            if let decoded = slots[slot] { return decoded }
            let (summary, payload) = slotSections[slot]
            let nested: [PostingList]?? = self.decode(summary) { summaryReader in
                self.decode(payload) { payloadReader in try decode(&summaryReader, &payloadReader) }
            }
            let decoded: [PostingList] = (nested ?? nil) ?? []
            slots[slot] = decoded
            return decoded
        }
    }

    /// One value's list of `slot` (nil when the value has none there), decoded by `decode` from
    /// readers at the starts of the slot's summary and payload, without decoding the slot's other
    /// lists: a filtered list page reads just the lists of the values it selects. Both sections'
    /// checksums are checked first, once.
    func list(
        _ slot: Int, value: Int, decode: (inout FacetBinaryReader, inout FacetBinaryReader) throws -> PostingList?
    ) -> PostingList? {
        lock.withLock {
            if let decoded = slots[slot] { return value < decoded.count ? decoded[value] : nil }
            if let cached = singles[slot][value] { return cached }
            let (summary, payload) = slotSections[slot]
            let found: PostingList? = data.withUnsafeBytes { raw in
                if !verified[slot] {
                    for section in [summary, payload]
                    where FacetChecksum.of(UnsafeRawBufferPointer(rebasing: raw[section.range])) != section.checksum {
                        damage = .corrupt("checksum")
                        return nil
                    }
                    verified[slot] = true
                }
                var summaryReader = FacetBinaryReader(raw, position: summary.range.lowerBound)
                var payloadReader = FacetBinaryReader(raw, position: payload.range.lowerBound)
                do { return try decode(&summaryReader, &payloadReader) } catch {
                    damage = error as? FacetIndexError ?? .corrupt("section")
                    return nil
                }
            }
            if damage == nil { singles[slot].updateValue(found, forKey: value) }
            return found
        }
    }

    /// The item count of each value of `slot`, from its summary alone (counts without filters);
    /// empty when the summary is damaged.
    func counts(_ slot: Int, decode: (inout FacetBinaryReader) throws -> [UInt32]) -> [UInt32] {
        lock.withLock {
            if let decoded = slots[slot] { return decoded.map { UInt32(truncatingIfNeeded: $0.count) } }
            if let counted = summaries[slot] { return counted }
            let counted = self.decode(slotSections[slot].summary, decode) ?? []
            summaries[slot] = counted
            return counted
        }
    }

    /// The forward index, decoded by `decode` on first use; empty when the section is damaged.
    func forwardIndex(decode: (inout FacetBinaryReader) throws -> ForwardIndex) -> ForwardIndex {
        lock.withLock {
            if let forward { return forward }
            let decoded = self.decode(forwardSection, decode) ?? ForwardIndex()
            forward = decoded
            return decoded
        }
    }

    /// Called with the lock held.
    private func decode<T>(_ section: Section, _ body: (inout FacetBinaryReader) throws -> T) -> T? {
        data.withUnsafeBytes { raw in
            guard FacetChecksum.of(UnsafeRawBufferPointer(rebasing: raw[section.range])) == section.checksum else {
                damage = .corrupt("checksum")
                return nil
            }
            var reader = FacetBinaryReader(raw, position: section.range.lowerBound)
            do {
                let value = try body(&reader)
                guard reader.position == section.range.upperBound else {
                    throw FacetIndexError.corrupt("section length")
                }
                return value
            } catch {
                damage = error as? FacetIndexError ?? .corrupt("section")
                return nil
            }
        }
    }
}
