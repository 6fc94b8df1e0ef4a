/// The rules for entry names, kept together: what the writer will write and what the
/// extractor will accept.
extension PackArchiveExtractor {
    /// Whether `name` can be written as an entry name: a single path component (not empty,
    /// not `.` or `..`, no `/`) made of printable ASCII characters only.
    ///
    /// Non-ASCII names are refused because libarchive converts them through the process
    /// locale, so the bytes written would depend on the environment (and libarchive 3.6.2
    /// crashes on them in the C locale).
    ///
    /// ```swift
    /// PackArchiveExtractor.isValidEntryName("a1b2.flac")   // true
    /// PackArchiveExtractor.isValidEntryName("../a1b2.flac") // false
    /// ```
    public static func isValidEntryName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".."
            && name.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }
    }

    /// Whether `name` is a single, plain path component: not empty, `.` or `..`, and free of
    /// `/`, `\` and NUL. Manifest keys and archive entry names must both pass.
    ///
    /// ```swift
    /// PackArchiveExtractor.isFlatName("a1b2.flac")       // true
    /// PackArchiveExtractor.isFlatName("sub/../../evil")  // false
    /// ```
    public static func isFlatName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".."
            && !name.utf8.contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }
    }
}
