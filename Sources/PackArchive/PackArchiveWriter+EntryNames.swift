// The policy, the entry types and the pure-Swift reader live in PackTar; code that imports
// PackArchive sees them too.
@_exported import PackTar

extension PackArchiveWriter {
    /// Whether `name` can be written as an entry name: see `PackArchiveExtractor.isValidEntryName(_:)`.
    ///
    /// ```swift
    /// PackArchiveWriter.isValidEntryName("a1b2.flac")   // true
    /// ```
    public static func isValidEntryName(_ name: String) -> Bool {
        PackArchiveExtractor.isValidEntryName(name)
    }
}
