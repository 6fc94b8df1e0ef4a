/// A 32-bit MPEG audio frame header (MPEG 1, 2 and 2.5; layers I, II and III).
struct MP3FrameHeader: Equatable {
    enum Version: Equatable { case mpeg1, mpeg2, mpeg25 }

    var version: Version
    var layer: Int
    var hasCRC: Bool
    var bitrate: Int
    var sampleRate: Int
    var padding: Bool
    var channels: Int

    private static let bitratesV1: [[Int]] = [
        [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
        [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
        [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    ]
    private static let bitratesV2: [[Int]] = [
        [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
        [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
        [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    ]
    private static let sampleRatesV1 = [44100, 48000, 32000]

    /// Decodes `word`; nil unless it is a valid header (free-format bitrate is not accepted).
    init?(_ word: UInt32) {
        guard word >> 21 == 0x7FF else { return nil }
        let versionBits = (word >> 19) & 3
        let layerBits = Int((word >> 17) & 3)
        let bitrateIndex = Int((word >> 12) & 0xF)
        let rateIndex = Int((word >> 10) & 3)
        guard versionBits != 1, layerBits != 0, bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3,
            word & 3 != 2
        else { return nil }
        version = versionBits == 3 ? .mpeg1 : versionBits == 2 ? .mpeg2 : .mpeg25
        layer = 4 - layerBits
        hasCRC = (word >> 16) & 1 == 0
        let table = version == .mpeg1 ? Self.bitratesV1 : Self.bitratesV2
        bitrate = table[layer - 1][bitrateIndex] * 1000
        let divisor = version == .mpeg1 ? 1 : version == .mpeg2 ? 2 : 4
        sampleRate = Self.sampleRatesV1[rateIndex] / divisor
        padding = (word >> 9) & 1 == 1
        channels = (word >> 6) & 3 == 3 ? 1 : 2
    }

    var samplesPerFrame: Int {
        switch layer {
        case 1: 384
        case 2: 1152
        default: version == .mpeg1 ? 1152 : 576
        }
    }

    /// The frame's length in bytes, header included.
    var frameLength: Int {
        if layer == 1 { return (12 * bitrate / sampleRate + (padding ? 1 : 0)) * 4 }
        return samplesPerFrame / 8 * bitrate / sampleRate + (padding ? 1 : 0)
    }

    /// Where a Xing/Info header would start, counted from the frame start (layer III).
    var xingOffset: Int {
        let sideInfo = version == .mpeg1 ? (channels == 1 ? 17 : 32) : (channels == 1 ? 9 : 17)
        return 4 + sideInfo
    }

    /// Whether `other` can be the next frame of the same stream.
    func isCompatible(with other: MP3FrameHeader) -> Bool {
        other.version == version && other.layer == layer && other.sampleRate == sampleRate
    }
}
