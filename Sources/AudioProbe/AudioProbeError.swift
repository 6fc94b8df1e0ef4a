/// The only error ``AudioProbe`` throws: which file, and what is wrong with it.
///
/// ```swift
/// do {
///     _ = try AudioProbe.probe(fileAt: "notes.wav")
/// } catch {
///     print(error)  // notes.wav: not a supported audio file (...): starts with 68 65 6C 6C 6F ("hello")
/// }
/// ```
public struct AudioProbeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path or name the caller gave.
    public var file: String
    /// A sentence a user can act on, e.g.
    /// `"truncated FLAC file: STREAMINFO block ends at byte 42 but the file has 20 bytes"`.
    public var message: String
    /// `"<file>: <message>"`.
    public var description: String { "\(file): \(message)" }

    /// Creates an error for `file` with a user-facing `message`.
    ///
    /// ```swift
    /// let error = AudioProbeError(file: "a.wav", message: "truncated WAV file: ...")
    /// ```
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }
}
