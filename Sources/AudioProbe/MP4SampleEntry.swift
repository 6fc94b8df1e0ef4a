/// The first sample description of an MP4 sound track: codec, channels and rate.
struct MP4SampleEntry {
    var codec: String
    var sampleRate: Int
    var channels: Int

    private static let pcmTypes: Set<String> = ["lpcm", "sowt", "twos", "in24", "in32", "fl32", "fl64", "raw "]

    static func parse(_ input: ProbeInput, stsd: MP4Box) throws(AudioProbeError) -> MP4SampleEntry {
        let entries = try stsd.children(input, skippingPayloadBytes: 8)
        guard let entry = entries.first else {
            throw input.error("corrupt MP4 file: the audio track's stsd box has no sample description")
        }
        let fields = try entry.payload(input, upTo: 64)
        guard fields.count >= 28 else {
            throw input.error(
                "corrupt MP4 file: the '\(entry.type)' sample description is \(fields.count) bytes, expected at least 28"
            )
        }
        // ISO files use version 0; QuickTime sound descriptions may be version 1 or 2.
        let version = fields.be16(8)
        var channels = fields.be16(16)
        var rate = Int(fields.be32(24) >> 16)
        var childrenAt: UInt64 = version == 1 ? 44 : 28
        if version == 2, fields.count >= 64 {
            let exact = Double(bitPattern: fields.be64(32))
            rate = exact.isFinite && exact >= 1 && exact < Double(Int32.max) ? Int(exact.rounded()) : 0
            channels = Int(fields.be32(40))
            childrenAt = 64
        }
        let children = try entry.children(input, skippingPayloadBytes: childrenAt)
        let nested = try children.first("wave")?.children(input) ?? []
        func child(_ type: String) -> MP4Box? { children.first(type) ?? nested.first(type) }

        var codec: String
        switch entry.type {
        case "mp4a":
            codec = "aac"
            if let esds = child("esds") {
                let config = AACConfig(esds: try esds.payload(input, upTo: 512))
                switch config.objectTypeIndication {
                case nil, 0x40, 0x66, 0x67, 0x68: codec = "aac"
                case 0x69, 0x6B: codec = "mp3"
                case let other?:
                    throw input.error(
                        "unsupported audio in MP4 file: 'mp4a' with object type 0x\(String(other, radix: 16, uppercase: true)); supported: AAC, ALAC"
                    )
                }
                if codec == "aac" {
                    rate = config.sampleRate ?? rate
                    channels = config.channels ?? channels
                }
            }
        case "alac":
            codec = "alac"
            if let alac = child("alac") {
                let config = try alac.payload(input, upTo: 28)
                if config.count >= 28 {
                    channels = Int(config.u8(13))
                    rate = Int(config.be32(24))
                }
            }
        case "Opus":
            codec = "opus"
            rate = 48000
        case "fLaC":
            codec = "flac"
            if let dfLa = child("dfLa"), let info = FLACStreamInfo(try dfLa.payload(input, upTo: 42), at: 8) {
                rate = info.sampleRate
                channels = info.channels
            }
        case ".mp3":
            codec = "mp3"
        case let type where pcmTypes.contains(type):
            codec = "pcm"
        default:
            throw input.error("unsupported audio codec '\(entry.type)' in MP4 file; supported: AAC, ALAC")
        }
        guard channels > 0 else {
            throw input.error("corrupt MP4 file: the '\(entry.type)' sample description says 0 channels")
        }
        guard rate > 0 else {
            throw input.error("corrupt MP4 file: the '\(entry.type)' sample description says the sample rate is 0 Hz")
        }
        return MP4SampleEntry(codec: codec, sampleRate: rate, channels: channels)
    }
}
