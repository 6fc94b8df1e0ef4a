/// An error from writing, reading or checking a pack archive.
///
/// Every error names the archive file, the entry it concerns (when there is one) and,
/// in ``message``, what went wrong and what to do about it.
///
/// ```swift
/// do {
///     try PackArchiveExtractor.extract(archiveAt: path, expected: sizes,
///                                      open: { _ in }, chunk: { _ in }, close: { _ in })
/// } catch let error as PackArchiveError {
///     print(error)   // Pack archive "/tmp/p.tar", entry "../x": ...
/// }
/// ```
public struct PackArchiveError: Error, Sendable, CustomStringConvertible {
    /// The archive file path, or the display name of a streamed archive.
    public var archive: String
    /// The entry the error concerns, or `nil` when it concerns the archive as a whole.
    public var entry: String?
    /// What went wrong and what to do about it.
    public var message: String
    /// The error that caused this one (for example a failing byte-stream callback), if any.
    public var underlying: (any Error)?

    /// Creates an error.
    public init(archive: String, entry: String? = nil, message: String, underlying: (any Error)? = nil) {
        self.archive = archive
        self.entry = entry
        self.message = message
        self.underlying = underlying
    }

    /// A sentence naming the archive, the entry and what to do.
    ///
    /// Entry names come from untrusted archives, so they are quoted with control
    /// characters escaped and cut to a readable length.
    public var description: String {
        var text = "Pack archive \(Self.quoted(archive))"
        if let entry {
            text += ", entry \(Self.quoted(entry))"
        }
        text += ": " + message
        if let underlying {
            text += " (cause: \(underlying))"
        }
        return text
    }

    /// Quotes `text` with control characters escaped, shortened to at most 200 characters.
    package static func quoted(_ text: String) -> String {
        let limit = 200
        let shown = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return shown.debugDescription
    }
}

extension PackArchiveError {
    /// Advice appended to messages about archives that are damaged or not what the manifest describes.
    package static let discardAdvice =
        "the pack is damaged or is not the one its manifest describes; discard it and download it again"
}
