import AudioProbe

/// The audio check `packer add` runs on each file before listing it: the file must be one of
/// the supported formats, complete enough to read its header.
///
/// ```swift
/// try AudioCheck.probe("recordings/door.wav")   // throws AudioProbeError for a text file named .wav
/// ```
public enum AudioCheck {
    public static func probe(_ path: String) throws {
        _ = try AudioProbe.probe(fileAt: path)
    }

    /// The same check, returning the tags the file carries (one open of the file for both).
    public static func probeReadingTags(_ path: String) throws -> EmbeddedMetadata {
        try AudioProbe.probeWithMetadata(fileAt: path).1
    }
}
