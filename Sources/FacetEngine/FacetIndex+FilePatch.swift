import CatalogFormat
import Foundation

extension FacetIndex {
    /// One item as it is after a change: what ``upsert(item:kind:visible:tags:)`` takes.
    package struct ItemUpdate: Sendable {
        package var number: UInt32
        package var kind: Kind
        package var visible: Bool
        package var tags: [TagDimension: [Int64]]

        package init(number: UInt32, kind: Kind, visible: Bool, tags: [TagDimension: [Int64]]) {
            self.number = number
            self.kind = kind
            self.visible = visible
            self.tags = tags
        }
    }

    /// Writes, at `url`, the index of `url`'s file (stamped `expectedStamp`) with `updates`
    /// upserted in order, stamped `newStamp`: byte for byte the file that loading it whole,
    /// calling ``upsert(item:kind:visible:tags:)`` for each update and writing it would give, in
    /// memory that does not grow with the catalog. The head (about one byte per item) is
    /// decoded and written again; the forward index is streamed with the changed items' codes
    /// swapped in; only the slots whose posting lists change are decoded, the others are copied
    /// as they are. Every section read is checked against its checksum. Returns the new head.
    ///
    /// ```swift
    /// try FacetIndex.patchFile(updates, at: url, expectedStamp: "seed:7", newStamp: "seed:8")
    /// ```
    @discardableResult
    package static func patchFile(_ updates: [ItemUpdate], at url: URL, expectedStamp: String, newStamp: String) throws
        -> FacetIndex
    {
        let source = try FacetFileSource(url)
        let sections = try source.layout(expectedStamp: expectedStamp)
        let old = try source.head(sections[0])
        let forward = try FacetForwardSection(source, sections[1], itemCount: old.meta.count)
        var plan = FacetFilePatchPlan(head: old)
        for update in updates { try plan.add(update, oldCodes: forward.codes(of:)) }

        var writer = try FacetFileWriter(replacing: url)
        do {
            appendHeader(stamp: newStamp, to: &writer)
            try writer.appendSection { plan.head.appendHead(to: &$0) }
            try forward.write(replacing: plan.codes, slotCount: plan.slotCount, to: &writer)
            let words = plan.head.wordCount
            for slot in 0..<FacetSlots.count {
                let (summary, payload) = (sections[2 + 2 * slot], sections[3 + 2 * slot])
                if plan.operations[slot] == nil, words == old.wordCount {
                    for section in [summary, payload] { try source.copy(section, to: &writer) }
                    continue
                }
                let summaryBytes = try source.checkedBody(summary)
                let payloadBytes = try source.checkedBody(payload)
                var lists = try summaryBytes.withUnsafeBytes { summaryRaw in
                    try payloadBytes.withUnsafeBytes { payloadRaw in
                        var summaryReader = FacetBinaryReader(summaryRaw)
                        var payloadReader = FacetBinaryReader(payloadRaw)
                        return try old.decodeSlot(slot, summary: &summaryReader, payload: &payloadReader)
                    }
                }
                for operation in plan.operations[slot] ?? [] { operation.apply(to: &lists, layout: old.layout) }
                try appendSlot(SlotArrays(lists, wordCount: words), to: &writer)
            }
            try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
        return plan.head
    }
}

extension FacetIndex {
    /// Copies the index file at `source` (stamped `stamp`) to `url` stamped `newStamp`, every
    /// section checked on the way: a first import's index, written before the commit that
    /// decides its stamp (``FacetIndexPrebuild``), put in place after it.
    ///
    /// ```swift
    /// try FacetIndex.restamp(waiting, stamp: "prebuilt", to: url, newStamp: "seed:1")
    /// ```
    package static func restamp(_ source: URL, stamp: String, to url: URL, newStamp: String) throws {
        let file = try FacetFileSource(source)
        let sections = try file.layout(expectedStamp: stamp)
        var writer = try FacetFileWriter(replacing: url)
        do {
            appendHeader(stamp: newStamp, to: &writer)
            for section in sections { try file.copy(section, to: &writer) }
            try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
    }
}

extension FacetFileSource {
    /// The head section decoded (its checksum checked).
    fileprivate func head(_ section: Section) throws -> FacetIndex {
        try checkedBody(section).withUnsafeBytes { raw in
            var reader = FacetBinaryReader(raw)
            let index = try FacetIndex.decodeHead(&reader)
            guard reader.position == raw.count else { throw FacetIndexError.corrupt("head") }
            return index
        }
    }

    /// Copies a section, header included, checking its checksum on the way.
    fileprivate func copy(_ section: Section, to writer: inout FacetFileWriter) throws {
        try pieces(section.header) { writer.write($0) }
        try verify(section) { writer.write($0) }
    }
}
