/// MP4 / M4A (and QuickTime audio): walks the box tree to the first sound track (`hdlr`
/// `soun`), reads its sample description and its duration (the edit list when there is one,
/// else `mdhd`). Reads only box headers plus the few small boxes it needs; `mdat` is skipped
/// wherever it is, so `moov` may come before or after it.
enum MP4Parser {
    private static let maxTracks = 64
    private static let maxEdits = 1_000

    private struct Timing {
        var timescale: UInt64
        var duration: UInt64
    }

    static func parse(_ input: ProbeInput) throws(AudioProbeError) -> AudioInfo {
        let top = try MP4Box.children(input, from: 0, to: input.size, parent: nil)
        guard let moov = top.first("moov") else {
            throw input.error(
                "MP4 file has no moov box (movie header): it is truncated, still being written, or not a finished audio file"
            )
        }
        let movie = try moov.children(input)
        let movieTiming = try movie.first("mvhd").map { box throws(AudioProbeError) in try timing(input, box) }
        for trak in movie.lazy.filter({ $0.type == "trak" }).prefix(maxTracks) {
            let track = try trak.children(input)
            guard let mdia = track.first("mdia") else { continue }
            let media = try mdia.children(input)
            guard let hdlr = media.first("hdlr"), try hdlr.payload(input, upTo: 12).fourCC(8) == "soun" else {
                continue
            }
            guard let mdhd = media.first("mdhd") else {
                throw input.error("corrupt MP4 file: the audio track has no mdhd (media header) box")
            }
            let mediaTiming = try timing(input, mdhd)
            guard let stsd = try media.first("minf")?.children(input).first("stbl")?.children(input).first("stsd")
            else {
                throw input.error("corrupt MP4 file: the audio track has no stsd (sample description) box")
            }
            let entry = try MP4SampleEntry.parse(input, stsd: stsd)
            let seconds = try duration(
                input, track: track, movie: movie, movieTiming: movieTiming, mediaTiming: mediaTiming)
            return AudioInfo(
                codec: entry.codec, sampleRate: entry.sampleRate, channels: entry.channels, duration: seconds)
        }
        throw input.error("MP4 file has no audio track (no trak with a 'soun' handler)")
    }

    /// The presentation duration: the sum of the edit list (in the movie timescale) when
    /// present and non-zero, else the media duration, else a fragmented file's `mehd`.
    private static func duration(
        _ input: ProbeInput, track: [MP4Box], movie: [MP4Box],
        movieTiming: Timing?, mediaTiming: Timing
    ) throws(AudioProbeError) -> Double {
        if let movieTiming, movieTiming.timescale > 0,
            let elst = try track.first("edts")?.children(input).first("elst")
        {
            let edits = try editListDuration(input, elst)
            if edits > 0 { return Double(edits) / Double(movieTiming.timescale) }
        }
        guard mediaTiming.timescale > 0 else {
            throw input.error("corrupt MP4 file: the audio track's mdhd timescale is 0")
        }
        if mediaTiming.duration > 0 { return Double(mediaTiming.duration) / Double(mediaTiming.timescale) }
        if let movieTiming, movieTiming.timescale > 0,
            let mehd = try movie.first("mvex")?.children(input).first("mehd")
        {
            let fragments = try timing(input, mehd, timescaleOffset: nil)
            if fragments.duration > 0 { return Double(fragments.duration) / Double(movieTiming.timescale) }
        }
        let fragmented = movie.first("mvex") != nil
        throw input.error(
            fragmented
                ? "unsupported fragmented MP4 file: it records no duration (no mehd box); remux it to a regular file, e.g. `ffmpeg -i in.m4a -c copy out.m4a`"
                : "MP4 file does not record the audio track's duration (mdhd duration is 0)")
    }

    /// Timescale and duration from `mvhd` / `mdhd` (versions 0 and 1), or the duration alone
    /// from `mehd` (`timescaleOffset` nil). An all-ones duration (unknown) reads as 0.
    private static func timing(_ input: ProbeInput, _ box: MP4Box, timescaleOffset: Int? = 12) throws(AudioProbeError)
        -> Timing
    {
        let bytes = try box.payload(input, upTo: 32)
        let isVersion1 = bytes.u8(0) == 1
        let timescaleAt = timescaleOffset.map { isVersion1 ? $0 + 8 : $0 }
        let durationAt = timescaleAt.map { $0 + 4 } ?? 4
        let needed = durationAt + (isVersion1 ? 8 : 4)
        guard bytes.count >= needed else {
            throw input.error(
                "corrupt MP4 file: the \(box.type) box is \(bytes.count) bytes, expected at least \(needed)")
        }
        var duration = isVersion1 ? bytes.be64(durationAt) : UInt64(bytes.be32(durationAt))
        if duration == (isVersion1 ? UInt64.max : UInt64(UInt32.max)) { duration = 0 }
        return Timing(timescale: timescaleAt.map { UInt64(bytes.be32($0)) } ?? 0, duration: duration)
    }

    /// The sum of the edit list's segment durations (empty edits included), saturating.
    private static func editListDuration(_ input: ProbeInput, _ elst: MP4Box) throws(AudioProbeError) -> UInt64 {
        let head = try elst.payload(input, upTo: 8)
        let isVersion1 = head.u8(0) == 1
        let entrySize = isVersion1 ? 20 : 12
        let count = min(Int(head.be32(4)), maxEdits)
        let bytes = try elst.payload(input, upTo: 8 + count * entrySize)
        var total: UInt64 = 0
        var index = 8
        while index + entrySize <= bytes.count {
            total = total.adding(isVersion1 ? bytes.be64(index) : UInt64(bytes.be32(index)))
            index += entrySize
        }
        return total
    }
}
