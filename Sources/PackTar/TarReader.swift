import Foundation

/// A streaming reader of the tar subset packs use, in pure Swift: ustar headers, pax extended
/// headers (`path`, `linkpath`, `size`; other keys are read and ignored), the end-of-archive
/// marker. GNU long-name, sparse and other extensions are reported as such, never interpreted.
///
/// Headers are returned as stored: check them (``PackArchiveExtractor`` does) before using any
/// data. Data is read into the caller's buffer; no entry is ever held in memory whole.
///
/// ```swift
/// let reader = try TarReader(path: "/tmp/pack.tar")
/// try PackArchiveExtractor.extract(from: reader, expected: ["a1b2.flac": 1_234_567],
///                                  open: { _ in }, chunk: { _ in }, close: { _ in })
/// ```
public final class TarReader: PackArchiveEntrySource {
    /// The bytes asked of the file system at a time.
    public static let blockSize = 1 << 20

    /// The archive file path, or the display name given for a stream.
    public let archiveName: String

    private var input: TarInput?
    private var current: PackArchiveEntry?
    /// Data bytes of the current entry not yet read, and the padding after them.
    private var remaining: Int64 = 0
    private var padding: Int64 = 0
    private var entryCount = 0

    /// Opens the archive file at `path`.
    public convenience init(path: String) throws(PackArchiveError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PackArchiveError(
                archive: path, message: "the file cannot be opened; check that it exists and can be read")
        }
        self.init(name: path) { try handle.read(upToCount: Self.blockSize) }
    }

    /// Reads an archive from a stream of bytes, for example a download in progress.
    ///
    /// `readBlock` returns the next bytes (of any size; empty blocks are skipped), or `nil` at
    /// the end of the stream. An error it throws fails the read and is kept as
    /// ``PackArchiveError/underlying``.
    ///
    /// - Parameter name: how the archive is named in error messages.
    public init(name: String, readBlock: @escaping () throws -> Data?) {
        archiveName = name
        input = TarInput(readBlock)
    }

    /// Where a read stands, so that it can go on later from these bytes of the archive on (an
    /// install whose archive bytes behind the reader were freed resumes from its last point).
    public struct ResumePoint: Codable, Sendable, Equatable {
        /// Bytes of the archive the reader has consumed.
        public var offset: Int64
        /// The entry whose data is being read (nil between entries).
        public var entryName: String?
        /// That entry's declared size.
        public var entrySize: Int64
        /// Its data bytes not read yet, and the padding after them.
        public var remaining: Int64
        public var padding: Int64
        /// The entries begun so far (for messages).
        public var entryCount: Int
    }

    /// The point the reader has reached (between calls to ``nextEntry()`` and ``read(into:)``).
    public var resumePoint: ResumePoint {
        ResumePoint(
            offset: input?.offset ?? 0, entryName: current?.name, entrySize: current?.size ?? 0,
            remaining: remaining, padding: padding, entryCount: entryCount)
    }

    /// Reads on from `point`, the stream starting at its ``ResumePoint/offset``: the entry it was
    /// reading (if any) is the current entry, with its remaining data next.
    public init(name: String, resumingAt point: ResumePoint, readBlock: @escaping () throws -> Data?) {
        archiveName = name
        input = TarInput(readBlock, offset: point.offset)
        entryCount = point.entryCount
        remaining = point.remaining
        padding = point.padding
        if let entryName = point.entryName {
            current = PackArchiveEntry(name: entryName, type: .regular, size: point.entrySize, index: point.entryCount)
        }
    }

    /// Advances to the next entry header, or returns `nil` at the end of the archive.
    ///
    /// The remaining data of the previous entry, if any, is skipped.
    public func nextEntry() throws(PackArchiveError) -> PackArchiveEntry? {
        let input = try openInput()
        let label = current?.displayName
        current = nil
        guard try io({ () throws(TarInputFailure) in try input.skip(remaining + padding) }, entry: label) else {
            throw fail(Self.truncatedData, entry: label)
        }
        remaining = 0
        padding = 0
        var pax: PaxRecords?
        while true {
            guard try io({ () throws(TarInputFailure) in try input.hasMore() }, entry: nil) else {
                if input.offset == 0 { throw fail("the file cannot be read as a tar archive: it is empty") }
                if pax != nil { throw fail("the archive ends after an extended header (truncated)") }
                return nil
            }
            entryCount += 1
            // Before any header has been read the bytes may not be a tar archive at all.
            let first = input.offset == 0
            let position: String? = first ? nil : "#\(entryCount) (no readable name)"
            let unreadable = first ? "the file cannot be read as a tar archive" : "the header cannot be read"
            guard
                let block = try io(
                    { () throws(TarInputFailure) in try input.read(exactly: TarHeader.blockSize) }, entry: position)
            else {
                throw fail("\(unreadable): the archive ends inside a header (truncated)", entry: position)
            }
            if TarHeader.isZero(block) {
                if pax != nil { throw fail("an extended header is followed by the end of the archive") }
                close()
                return nil
            }
            let header: TarHeader
            do { header = try TarHeader(block) } catch {
                throw fail("\(unreadable): \(Self.phrase(error))", entry: position)
            }
            switch header.typeflag {
            case UInt8(ascii: "x"), UInt8(ascii: "g"):
                let records = try readExtended(header, input: input, entry: position ?? "#1")
                if header.typeflag == UInt8(ascii: "x") { pax = records }
                entryCount -= 1
                continue
            case UInt8(ascii: "L"), UInt8(ascii: "K"):
                throw fail(
                    "the header cannot be read: it is a GNU long-name header, which packs never use", entry: position)
            default:
                return begin(header, pax: pax)
            }
        }
    }

    /// Reads the current entry's data into `buffer`; returns the byte count, 0 at the entry's
    /// end (or when `buffer` is empty).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(PackArchiveError) -> Int {
        let input = try openInput()
        guard let current else {
            throw PackArchiveError(
                archive: archiveName, message: "read(into:) was called with no current entry; call nextEntry() first")
        }
        guard buffer.count > 0, remaining > 0 else { return 0 }
        let wanted = Int(min(Int64(buffer.count), remaining))
        let n = try io(
            { () throws(TarInputFailure) in
                try input.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
            },
            entry: current.displayName)
        guard n > 0 else { throw fail(Self.truncatedData, entry: current.displayName) }
        remaining -= Int64(n)
        return n
    }

    /// Releases the source; safe to call more than once.
    public func close() {
        input = nil
        current = nil
    }

    // MARK: - Helpers

    private func begin(_ header: TarHeader, pax: PaxRecords?) -> PackArchiveEntry {
        let nameBytes = pax?.path ?? header.name
        let linkBytes = pax?.linkpath ?? header.linkname
        let size = pax?.size ?? header.size
        let type: EntryType
        var hasData = true
        switch header.typeflag {
        case 0, UInt8(ascii: "0"), UInt8(ascii: "7"), UInt8(ascii: "S"): type = .regular
        case UInt8(ascii: "1"): (type, hasData) = (.hardlink, false)
        case UInt8(ascii: "2"): (type, hasData) = (.symlink, false)
        case UInt8(ascii: "5"): (type, hasData) = (.directory, false)
        case UInt8(ascii: "3"), UInt8(ascii: "4"), UInt8(ascii: "6"): (type, hasData) = (.other, false)
        default: type = .other
        }
        let entry = PackArchiveEntry(
            name: String(bytes: nameBytes, encoding: .utf8).flatMap { $0.isEmpty ? nil : $0 }, type: type,
            size: size,
            linkTarget: type == .symlink || type == .hardlink ? String(decoding: linkBytes, as: UTF8.self) : nil,
            isSparse: header.typeflag == UInt8(ascii: "S") || pax?.isSparse == true, index: entryCount)
        remaining = hasData ? size : 0
        padding = (512 - remaining % 512) % 512
        current = entry
        return entry
    }

    private func readExtended(_ header: TarHeader, input: TarInput, entry: String) throws(PackArchiveError)
        -> PaxRecords
    {
        guard header.size <= PaxRecords.limit else {
            throw fail("has an extended header of \(header.size) bytes, more than a pack ever needs", entry: entry)
        }
        let padded = Int((header.size + 511) / 512 * 512)
        guard let data = try io({ () throws(TarInputFailure) in try input.read(exactly: padded) }, entry: entry) else {
            throw fail("the archive ends inside an extended header (truncated)", entry: entry)
        }
        do { return try PaxRecords(Array(data.prefix(Int(header.size)))) } catch {
            throw fail(Self.phrase(error), entry: entry)
        }
    }

    private static let truncatedData = "the data cannot be read: the archive ends inside this entry's data (truncated)"

    private static func phrase(_ problem: TarHeader.Problem) -> String {
        switch problem {
        case .checksum: return "the header checksum does not match (damaged, or not a tar archive)"
        case .field(let name): return "the header's \(name) field is malformed"
        }
    }

    private func openInput() throws(PackArchiveError) -> TarInput {
        guard let input else { throw fail("the reader is closed or failed; open the archive again") }
        return input
    }

    /// Runs a read of the input; a failure of the byte source closes the reader and is kept as the cause.
    private func io<T>(_ body: () throws(TarInputFailure) -> T, entry: String?) throws(PackArchiveError) -> T {
        do { return try body() } catch {
            let underlying = input?.sourceError
            close()
            throw PackArchiveError(
                archive: archiveName, entry: entry,
                message: "the data cannot be read because the byte source failed; \(PackArchiveError.discardAdvice)",
                underlying: underlying)
        }
    }

    /// Closes the reader and returns an error naming the archive and entry.
    private func fail(_ problem: String, entry: String? = nil) -> PackArchiveError {
        close()
        return PackArchiveError(
            archive: archiveName, entry: entry, message: "\(problem); \(PackArchiveError.discardAdvice)")
    }
}
