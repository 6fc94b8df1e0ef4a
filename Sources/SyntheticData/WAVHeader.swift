import Foundation

/// The 44-byte header of a 16-bit PCM WAV file (stereo 48 kHz unless told) whose data chunk holds
/// `dataBytes`.
///
/// ```swift
/// var file = WAVHeader.make(dataBytes: 4096)
/// file.append(Data(count: 4096))
/// ```
public enum WAVHeader {
    public static func make(dataBytes: UInt32, channels: UInt16 = 2, sampleRate: UInt32 = 48_000) -> Data {
        var d = Data("RIFF".utf8)
        func le32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func le16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        le32(36 + dataBytes)
        d.append(contentsOf: Array("WAVEfmt ".utf8))
        le32(16)
        le16(1)
        le16(channels)
        le32(sampleRate)
        le32(sampleRate * UInt32(channels) * 2)
        le16(channels * 2)
        le16(16)
        d.append(contentsOf: Array("data".utf8))
        le32(dataBytes)
        return d
    }
}
