import Foundation

/// The parts of an index file (``FacetIndex/init(sectionsOf:expectedStamp:)``) read only when a
/// query first needs them: the forward index and each slot's posting lists. A fresh process then
/// answers its first query after reading the head (about one byte per item) and the slots the
/// query touches, instead of the whole file: counts read a slot's lists where the file holds
/// them (``readStored(_:_:)``), a filtered list page decodes the lists it selects
/// (``list(_:value:decode:)``), and the forward index is decoded once walks through it would have
/// paid for it (``forwardWorthDecoding(saving:)``). Each section is checked when it is first read
/// (its checksum, then the loader's structural rules where it is decoded); a section that fails
/// reads as empty and marks the index damaged (``isDamaged``), so its owner rebuilds it and asks
/// again.
///
/// Shared by every copy of the index value; its caches are guarded by a lock, and checksums are
/// taken and lists read outside it, so several threads read the file side by side.
package final class FacetIndexSections: @unchecked Sendable {
    private struct Section {
        package var range: Range<Int>
        package var checksum: UInt64
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
    /// What walks through the forward index would have saved so far (``forwardWorthDecoding(saving:)``).
    private var forwardSavings = 0

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
    package static func open(_ data: Data, expectedStamp: String?) throws -> (
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
    package var failure: FacetIndexError? { lock.withLock { damage } }

    /// The posting lists of `slot`, decoded by `decode` (from readers at the starts of its
    /// summary and payload) on first use; empty when a section is damaged.
    package func slot(
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
    package func list(
        _ slot: Int, value: Int, decode: (inout FacetBinaryReader, inout FacetBinaryReader) throws -> PostingList?
    ) -> PostingList? {
        let known: PostingList?? = lock.withLock {
            if let decoded = slots[slot] { return .some(value < decoded.count ? decoded[value] : nil) }
            return singles[slot][value]
        }
        if let known { return known }
        guard verify(slot) else { return nil }
        do {
            let found = try read(slot, decode)
            lock.withLock { _ = singles[slot].updateValue(found, forKey: value) }
            return found
        } catch {
            lock.withLock { damage = error as? FacetIndexError ?? .corrupt("section") }
            return nil
        }
    }

    /// Whether `slot`'s lists are decoded (``slot(_:decode:)``), so counts read them rather than
    /// the file.
    package func isDecoded(_ slot: Int) -> Bool { lock.withLock { slots[slot] != nil } }

    /// `body`'s answer from `slot` as the file stores it (readers at the starts of its summary and
    /// payload), both sections' checksums checked first, once: counts read a slot's lists where
    /// they lie instead of copying them. Nil when a check or `body` fails (the index is then
    /// damaged). `body` runs outside the lock, so concurrent counts read the file side by side.
    package func readStored<T>(_ slot: Int, _ body: (inout FacetBinaryReader, inout FacetBinaryReader) throws -> T)
        -> T?
    {
        guard verify(slot) else { return nil }
        do { return try read(slot, body) } catch {
            lock.withLock { damage = error as? FacetIndexError ?? .corrupt("section") }
            return nil
        }
    }

    /// Whether the forward index is decoded already, or is now worth decoding: `saving` is what a
    /// walk through it would have saved one count (in ``FacetIndex``'s cost units). Savings add up
    /// until they reach the cost of decoding it (``forwardCostPerByte`` per byte of its section), so
    /// a process that counts once never reads it, and one that counts often pays for it at most
    /// once more than the walks saved.
    package func forwardWorthDecoding(saving: Int) -> Bool {
        lock.withLock {
            guard forward == nil else { return true }
            forwardSavings += saving
            return forwardSavings >= forwardDecodingCost
        }
    }

    /// What decoding the forward index costs, in the counting cost model's units.
    package var forwardDecodingCost: Int { forwardSection.range.count * Self.forwardCostPerByte }

    /// The cost of decoding the forward index, per byte of its section, in the counting cost
    /// model's units (about 0.4 ns): copied, checked and split into three arrays.
    package static let forwardCostPerByte = 6

    /// Checks both checksums of `slot` once; false (and the index damaged) when one fails. The
    /// sums are taken outside the lock, so that threads check slots side by side.
    private func verify(_ slot: Int) -> Bool {
        if lock.withLock({ verified[slot] }) { return true }
        let (summary, payload) = slotSections[slot]
        let intact = data.withUnsafeBytes { raw in
            [summary, payload].allSatisfy {
                FacetChecksum.of(UnsafeRawBufferPointer(rebasing: raw[$0.range])) == $0.checksum
            }
        }
        lock.withLock {
            if intact { verified[slot] = true } else { damage = .corrupt("checksum") }
        }
        return intact
    }

    /// `body` with readers at the starts of `slot`'s summary and payload.
    private func read<T>(
        _ slot: Int, _ body: (inout FacetBinaryReader, inout FacetBinaryReader) throws -> T
    ) rethrows -> T {
        let (summary, payload) = slotSections[slot]
        return try data.withUnsafeBytes { raw in
            var summaryReader = FacetBinaryReader(raw, position: summary.range.lowerBound)
            var payloadReader = FacetBinaryReader(raw, position: payload.range.lowerBound)
            return try body(&summaryReader, &payloadReader)
        }
    }

    /// The item count of each value of `slot`, from its summary alone (counts without filters);
    /// empty when the summary is damaged.
    package func counts(_ slot: Int, decode: (inout FacetBinaryReader) throws -> [UInt32]) -> [UInt32] {
        lock.withLock {
            if let decoded = slots[slot] { return decoded.map { UInt32(truncatingIfNeeded: $0.count) } }
            if let counted = summaries[slot] { return counted }
            let counted = self.decode(slotSections[slot].summary, decode) ?? []
            summaries[slot] = counted
            return counted
        }
    }

    /// The forward index, decoded by `decode` on first use; empty when the section is damaged.
    package func forwardIndex(decode: (inout FacetBinaryReader) throws -> ForwardIndex) -> ForwardIndex {
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
