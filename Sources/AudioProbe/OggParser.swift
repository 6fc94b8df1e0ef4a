/// Ogg Vorbis, Opus and FLAC: the identification header on the first page gives codec,
/// channels and rate; the last page of the same stream gives the duration through its granule
/// position. Only the first pages and the file's tail are read.
enum OggParser {
    /// Beginning-of-stream pages to look through for an audio stream (multiplexed files).
    private static let maxStreams = 16
    /// How much of the file's end to search for the last page: one maximal page, then 1 MiB.
    private static let tailWindows: [UInt64] = [UInt64(OggPage.maxSize), 1 << 20]

    static func parse(_ input: ProbeInput) throws(AudioProbeError) -> AudioInfo {
        var offset: UInt64 = 0
        var skipped: [String] = []
        for index in 0..<maxStreams {
            let page = try OggPage.read(input, at: offset, what: index == 0 ? "first page" : "page at byte \(offset)")
            guard index == 0 || page.isBeginningOfStream else { break }
            let packet = try input.exactBytes(
                at: offset + UInt64(page.headerSize), count: min(page.firstPacketSize, 512),
                format: "Ogg", what: "identification header")
            if let header = try OggCodecHeader.parse(packet, input: input) {
                let granule = try lastGranule(input, serial: page.serial)
                let samples = granule > header.preSkip ? granule - header.preSkip : 0
                return AudioInfo(
                    codec: header.codec, sampleRate: header.sampleRate, channels: header.channels,
                    duration: Double(samples) / Double(header.sampleRate))
            }
            skipped.append(OggCodecHeader.describe(packet))
            offset = page.end
        }
        throw input.error(
            "unsupported Ogg file: no Vorbis, Opus or FLAC audio stream (found: \(skipped.joined(separator: ", ")))")
    }

    /// The granule position of the last page of stream `serial` that has one. Throws
    /// "truncated" when the file's final page is cut short.
    private static func lastGranule(_ input: ProbeInput, serial: UInt32) throws(AudioProbeError) -> UInt64 {
        var checkedFinalPage = false
        for window in tailWindows {
            let start = input.size > window ? input.size - window : 0
            let tail = try input.bytes(at: start, count: Int(input.size - start))
            var index = tail.count - 4
            while index >= 0 {
                defer { index -= 1 }
                guard tail[index] == 0x4F, tail.matches("OggS", at: index), tail.u8(index + 4) == 0 else { continue }
                let page = OggPage(tail, at: index, fileOffset: start + UInt64(index))
                if !checkedFinalPage {
                    checkedFinalPage = true
                    let pageStart = start + UInt64(index)
                    guard let end = page?.end else {
                        throw input.error(
                            "truncated Ogg file: the header of the last page (byte \(pageStart)) is cut off at byte \(input.size)"
                        )
                    }
                    guard end <= input.size else {
                        throw input.error(
                            "truncated Ogg file: the last page starts at byte \(pageStart) and ends at byte \(end) but the file has \(input.size) bytes"
                        )
                    }
                }
                guard let page, page.serial == serial, page.granule != OggPage.noGranule else { continue }
                guard page.granule < 1 << 62 else {
                    throw input.error(
                        "corrupt Ogg file: the last page (byte \(page.offset)) has an invalid granule position")
                }
                return page.granule
            }
            if start == 0 { break }
        }
        throw input.error(
            "unsupported Ogg file: no page of the audio stream with a granule position in the last 1 MiB (chained or multiplexed Ogg files are not supported)"
        )
    }
}
