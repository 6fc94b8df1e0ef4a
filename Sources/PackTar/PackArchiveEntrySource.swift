/// Something that yields archive entries and their data one after the other.
///
/// ``TarReader`` is the implementation (PackArchive's libarchive reader is another); the protocol lets ``PackArchiveExtractor``
/// enforce its policy over any source, including test doubles that misbehave on purpose.
///
/// ```swift
/// let reader: some PackArchiveEntrySource = try TarReader(path: path)
/// try PackArchiveExtractor.extract(from: reader, expected: sizes,
///                                  open: { _ in }, chunk: { _ in }, close: { _ in })
/// ```
public protocol PackArchiveEntrySource: AnyObject {
    /// How the archive is named in error messages.
    var archiveName: String { get }
    /// Advances to the next entry header, or returns `nil` at the end of the archive.
    func nextEntry() throws(PackArchiveError) -> PackArchiveEntry?
    /// Reads the current entry's data into `buffer`; returns the byte count, 0 at the entry's end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(PackArchiveError) -> Int
}
