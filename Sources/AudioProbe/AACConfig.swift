/// What an `esds` box says about MPEG-4 audio: the object type indication and, from the
/// AudioSpecificConfig, the output sample rate and channel count. The sample entry's own
/// rate field is 16.16 fixed point and cannot hold rates above 65535, so these win.
struct AACConfig {
    var objectTypeIndication: UInt8?
    var sampleRate: Int?
    var channels: Int?

    private static let rates = [
        96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
    ]
    private static let channelCounts: [UInt32: Int] = [
        1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 8, 11: 7, 12: 8, 13: 24, 14: 8,
    ]
    private static let maxDescriptors = 32

    /// Parses an `esds` payload (version/flags, then ES, DecoderConfig and DecoderSpecificInfo
    /// descriptors). Malformed input yields nil fields, never a crash.
    init(esds bytes: [UInt8]) {
        var index = 4
        for _ in 0..<Self.maxDescriptors where index < bytes.count {
            let tag = bytes.u8(index)
            var length = 0
            var body = index + 1
            for _ in 0..<4 {
                let byte = bytes.u8(body)
                length = length << 7 | Int(byte & 0x7F)
                body += 1
                if byte & 0x80 == 0 { break }
            }
            switch tag {
            case 0x03:
                let flags = bytes.u8(body + 2)
                index = body + 3
                if flags & 0x80 != 0 { index += 2 }
                if flags & 0x40 != 0 { index += 1 + Int(bytes.u8(index)) }
                if flags & 0x20 != 0 { index += 2 }
            case 0x04:
                objectTypeIndication = bytes.u8(body)
                index = body + 13
            case 0x05:
                let end = min(body + length, bytes.count)
                if body < end { parseAudioSpecificConfig(Array(bytes[body..<end])) }
                return
            default:
                index = body + length
            }
        }
    }

    private mutating func parseAudioSpecificConfig(_ config: [UInt8]) {
        var bits = BitReader(bytes: config)
        func objectType() -> UInt32? {
            guard let type = bits.read(5) else { return nil }
            return type == 31 ? bits.read(6).map { 32 + $0 } : type
        }
        func frequency() -> Int? {
            guard let index = bits.read(4) else { return nil }
            if index == 15 { return bits.read(24).map(Int.init) }
            return index < Self.rates.count ? Self.rates[Int(index)] : nil
        }
        guard let type = objectType(), let rate = frequency(), let configuration = bits.read(4) else { return }
        sampleRate = rate > 0 ? rate : nil
        channels = Self.channelCounts[configuration]
        // HE-AAC (SBR) and HE-AACv2 (SBR + parametric stereo) decode at the extension rate.
        if type == 5 || type == 29, let extensionRate = frequency(), extensionRate > 0 {
            sampleRate = extensionRate
            if type == 29, configuration == 1 { channels = 2 }
        }
    }
}

/// Reads big-endian bit fields; nil past the end.
struct BitReader {
    let bytes: [UInt8]
    private var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func read(_ count: Int) -> UInt32? {
        guard count <= 32, position + count <= bytes.count * 8 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<count {
            let bit = (bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1
            value = value << 1 | UInt32(bit)
            position += 1
        }
        return value
    }
}
