import Foundation

/// How loud an asset is, measured as EBU R128 / ITU-R BS.1770-4 define it: the manifest's and
/// the seed's `"loudness"` object. Figures have one decimal.
///
/// ```swift
/// let figures = Loudness(integrated: -23.4, range: 5.1, truePeak: -1.2, momentaryMax: -16.0)
/// figures.integrated   // nil for digital silence (gated loudness undefined)
/// ```
public struct Loudness: Codable, Sendable, Equatable, Hashable {
    /// Integrated (gated) loudness in LUFS; nil when undefined (digital silence).
    public var integrated: Double?
    /// Loudness range in LU.
    public var range: Double
    /// True peak in dBTP (4× oversampled).
    public var truePeak: Double
    /// The loudest momentary (400 ms) loudness in LUFS.
    public var momentaryMax: Double

    /// The level written for a peak or a momentary loudness of digital silence.
    public static let floor = -120.0

    public init(integrated: Double?, range: Double, truePeak: Double, momentaryMax: Double) {
        self.integrated = integrated
        self.range = range
        self.truePeak = truePeak
        self.momentaryMax = momentaryMax
    }

    /// Rounds to one decimal, as every published figure is.
    public static func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    enum CodingKeys: String, CodingKey { case integrated, range, truePeak, momentaryMax }

    /// Writes `integrated` as an explicit null for silence.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(integrated, forKey: .integrated)
        try c.encode(range, forKey: .range)
        try c.encode(truePeak, forKey: .truePeak)
        try c.encode(momentaryMax, forKey: .momentaryMax)
    }
}

/// A loop region in sample frames at the file's own rate; `end` is exclusive.
public struct LoopRegion: Codable, Sendable, Equatable, Hashable {
    public var start: Int64
    public var end: Int64

    public init(start: Int64, end: Int64) {
        self.start = start
        self.end = end
    }
}

/// The level each kind is normalized to, in LUFS: catalog.yaml's `loudness:` and the seed's
/// top-level `"loudness"`. Atmospheres are matched on their integrated loudness, effects on
/// their loudest moment.
public struct LoudnessTargets: Codable, Sendable, Equatable, Hashable {
    public var atmosphere: Double
    public var sfx: Double

    /// −23 LUFS for atmospheres, −16 LUFS for effects.
    public static let defaults = LoudnessTargets(atmosphere: -23, sfx: -16)

    public init(atmosphere: Double, sfx: Double) {
        self.atmosphere = atmosphere
        self.sfx = sfx
    }
}

/// The playback gain that brings an item to a loudness target: an atmosphere's is
/// `target − integrated`, an effect's `target − momentaryMax` (short sounds are matched on
/// their loudest moment); either is capped so that `truePeak + gain ≤ −1.0`.
///
/// ```swift
/// PlaybackGain.gain(kind: .atmosphere, loudness: figures, target: -23)   // +0.4
/// ```
public enum PlaybackGain {
    /// The highest true peak an item may reach after its gain, in dBTP.
    public static let ceiling = -1.0

    /// The gain in dB (one decimal), or nil when the item is unmeasured, silent or music.
    public static func gain(kind: Kind, loudness: Loudness?, target: Double) -> Double? {
        guard let loudness else { return nil }
        let level: Double?
        switch kind {
        case .atmosphere: level = loudness.integrated
        case .sfx: level = loudness.momentaryMax > Loudness.floor ? loudness.momentaryMax : nil
        case .music: level = nil
        }
        guard let level else { return nil }
        return Loudness.round(min(target - level, ceiling - loudness.truePeak))
    }

    /// The gain toward the target of `kind` in `targets`.
    public static func gain(kind: Kind, loudness: Loudness?, targets: LoudnessTargets) -> Double? {
        gain(kind: kind, loudness: loudness, target: kind == .sfx ? targets.sfx : targets.atmosphere)
    }
}
