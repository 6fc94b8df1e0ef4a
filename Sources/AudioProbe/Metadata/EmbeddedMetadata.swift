/// What an audio file says about itself beside its sound: a Broadcast WAV `bext` chunk, an
/// `iXML` chunk (with the ASWG fields), and the format's own tags (Vorbis comments in FLAC and
/// Ogg, ID3v2 frames in MP3, MP4 `ilst` atoms), as ``AudioProbe/tags(fileAt:)`` reads them.
///
/// A damaged tag (a size that runs past the file, an iXML that is not XML) is left out and
/// named in ``warnings``; it never makes the file unreadable.
///
/// ```swift
/// let tags = try AudioProbe.metadata(fileAt: "DOORWood_Oak Slam_JD_FS.wav")
/// tags.bext?.description      // "Heavy oak door slammed shut"
/// tags.ixml?["ASWG/isLoop"]   // "0"
/// tags.format["title"]        // nil: a WAV has no format tags here
/// ```
public struct EmbeddedMetadata: Sendable, Equatable {
    /// The Broadcast WAV extension chunk of a WAV file, if it has one.
    public var bext: BroadcastExtension?
    /// The iXML chunk of a WAV file, if it has one that reads as XML.
    public var ixml: IXMLFields?
    /// The format's tags with lowercase keys: Vorbis comment names (`title`, `artist`,
    /// `description`, `comment`…), ID3v2 frames by meaning (`title` from TIT2, `artist` from TPE1,
    /// `comment` from COMM, a TXXX frame under its own description) and MP4 atoms (`title` from
    /// ©nam, `artist` from ©ART, `description` from desc, `comment` from ©cmt). The first value
    /// of a repeated key is kept.
    public var format: [String: String]
    /// What was left out and why, e.g. `"the iXML chunk at byte 1024 is not XML; ignored"`.
    public var warnings: [String]

    /// An empty set of tags.
    public init(
        bext: BroadcastExtension? = nil, ixml: IXMLFields? = nil, format: [String: String] = [:],
        warnings: [String] = []
    ) {
        self.bext = bext
        self.ixml = ixml
        self.format = format
        self.warnings = warnings
    }

    /// Adds `value` under `key` (lowercased) unless the key already has a non-empty value.
    mutating func addFormatTag(_ key: String, _ value: String) {
        let name = key.lowercased()
        let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, !text.isEmpty, format[name] == nil else { return }
        format[name] = text
    }
}

/// The fields of a `bext` chunk (EBU Tech 3285) a library reads; text is trimmed, empty
/// fields are nil, and the loudness fields of version 2 are nil when unset (0x7FFF).
public struct BroadcastExtension: Sendable, Equatable {
    /// Free text describing the sound (256 bytes at most).
    public var description: String?
    /// Who made the recording (a person or an organisation).
    public var originator: String?
    /// The originator's reference for the recording.
    public var originatorReference: String?
    /// The chunk's version (0, 1 or 2).
    public var version: Int
    /// Integrated loudness in LUFS (version 2).
    public var loudnessValue: Double?
    /// Loudness range in LU (version 2).
    public var loudnessRange: Double?
    /// Maximum true peak in dBTP (version 2).
    public var maxTruePeakLevel: Double?

    /// Creates a value; ``AudioProbe/tags(fileAt:)`` is the usual source of these.
    public init(
        description: String? = nil, originator: String? = nil, originatorReference: String? = nil,
        version: Int = 0, loudnessValue: Double? = nil, loudnessRange: Double? = nil,
        maxTruePeakLevel: Double? = nil
    ) {
        self.description = description
        self.originator = originator
        self.originatorReference = originatorReference
        self.version = version
        self.loudnessValue = loudnessValue
        self.loudnessRange = loudnessRange
        self.maxTruePeakLevel = maxTruePeakLevel
    }
}

/// The leaf elements of an iXML document, keyed by their path below the `BWFXML` root
/// (`NOTE`, `ASWG/fxName`, `USER/…`); the first of repeated elements is kept.
public struct IXMLFields: Sendable, Equatable {
    /// Every leaf element's text by path.
    public var fields: [String: String]

    /// Creates a value from paths and texts.
    public init(fields: [String: String]) { self.fields = fields }

    /// The text at `path` (`"ASWG/catId"`), compared without regard to case.
    public subscript(path: String) -> String? {
        if let exact = fields[path] { return exact }
        let wanted = path.lowercased()
        return fields.first { $0.key.lowercased() == wanted }?.value
    }
}
