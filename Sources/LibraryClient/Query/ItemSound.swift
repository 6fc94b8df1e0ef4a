import CatalogFormat

/// How an item sounds, as `packer build` measured its (first) audio file: EBU R128 loudness,
/// the loop region and the waveform. Read from the catalog, so it is known before the pack is
/// installed.
///
/// ```swift
/// let detail = try await library.items.fetchItemDetail(itemID: id)
/// detail.sound?.loudness?.integrated     // -23.4 (LUFS)
/// detail.gain(target: -20)               // +3.4 dB toward an app's own target
/// ```
public struct ItemSound: Sendable, Hashable {
    /// Integrated loudness, loudness range, true peak and loudest momentary loudness; nil when
    /// the catalog has no figures for the item.
    public var loudness: Loudness?
    /// The loop region in sample frames (`end` exclusive), for an item that loops.
    public var loop: LoopRegion?
    /// Base64 of 256 bytes: the waveform's peak per 1/256 of the file, 0–255.
    public var peaks: String?

    /// Figures from their parts.
    public init(loudness: Loudness?, loop: LoopRegion?, peaks: String?) {
        self.loudness = loudness
        self.loop = loop
        self.peaks = peaks
    }
}

extension ItemDetail {
    /// The playback gain in dB that brings the item to `target` LUFS (atmospheres on their
    /// integrated loudness, effects on their loudest moment, capped so the true peak stays at
    /// or below −1 dBTP); nil when the item is unmeasured, silent or music.
    public func gain(target: Double) -> Double? {
        PlaybackGain.gain(kind: item.kind, loudness: sound?.loudness, target: target)
    }

    /// The playback gain toward the catalog's own target for the item's kind
    /// (``loudnessTargets``).
    public var gain: Double? {
        PlaybackGain.gain(kind: item.kind, loudness: sound?.loudness, targets: loudnessTargets)
    }
}
