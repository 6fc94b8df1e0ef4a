// Shared by the audio fuzz targets: steering input to one container, and the probe call.
import Foundation

/// Probes `bytes` and reads their tags; an AudioProbeError is a fine outcome, anything
/// implausible traps.
func fuzzProbe(_ bytes: Data) -> CInt {
    do {
        let info = try AudioProbe.probe(data: bytes, name: "fuzz")
        precondition(info.sampleRate > 0 && info.channels > 0 && info.duration.isFinite && info.duration >= 0)
    } catch {
        precondition(!error.message.isEmpty)
    }
    fuzzTags(bytes)
    return 0
}

/// Reads the tags of `bytes` (bext, iXML, Vorbis comments, ID3v2, MP4 atoms): a damaged tag is
/// a warning, never a trap.
func fuzzTags(_ bytes: Data) {
    do {
        let tags = try AudioProbe.metadata(data: bytes, name: "fuzz")
        precondition(tags.warnings.allSatisfy { !$0.isEmpty })
        precondition(tags.format.values.allSatisfy { !$0.isEmpty })
    } catch {
        precondition(!error.message.isEmpty)
    }
}

/// `bytes` unchanged when it already starts with `magic` (at `offset`, after `before`);
/// otherwise `prefix` followed by `bytes`, so random input reaches one parser.
func steered(_ bytes: Data, isAlready: (Data) -> Bool, prefix: [UInt8]) -> Data {
    isAlready(bytes) ? bytes : Data(prefix) + bytes
}

func has(_ bytes: Data, _ ascii: String, at offset: Int) -> Bool {
    let magic = Array(ascii.utf8)
    guard bytes.count >= offset + magic.count else { return false }
    return bytes.dropFirst(offset).prefix(magic.count).elementsEqual(magic)
}

/// A 32-bit little- or big-endian length of `count` (saturated).
func le32(_ count: Int) -> [UInt8] {
    let v = UInt32(clamping: count)
    return [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
}

func be32(_ count: Int) -> [UInt8] { le32(count).reversed() }
