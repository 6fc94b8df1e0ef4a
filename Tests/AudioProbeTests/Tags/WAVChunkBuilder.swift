import Foundation

/// WAV files built byte by byte: a `fmt ` chunk of 16-bit mono 48 kHz PCM, a short `data`
/// chunk, and whatever extra chunks a test puts before or after them.
enum WAVChunkBuilder {
    static func chunk(_ id: String, _ body: [UInt8], declaredSize: Int? = nil) -> [UInt8] {
        Array(id.utf8) + le32(declaredSize ?? body.count) + body + (body.count & 1 == 1 ? [0] : [])
    }

    static func le32(_ value: Int) -> [UInt8] {
        let v = UInt32(truncatingIfNeeded: value)
        return [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
    }

    /// A WAV holding `before` chunks, `fmt `, `data` (0.01 s of silence), then `after` chunks.
    static func wav(before: [[UInt8]] = [], after: [[UInt8]] = []) -> Data {
        let fmt = chunk("fmt ", [1, 0, 1, 0] + le32(48000) + le32(96000) + [2, 0, 16, 0])
        let data = chunk("data", [UInt8](repeating: 0, count: 960))
        let body = Array("WAVE".utf8) + before.joined() + fmt + data + after.joined()
        return Data(Array("RIFF".utf8) + le32(body.count) + body)
    }

    /// An `iXML` chunk holding `xml` as UTF-8.
    static func ixml(_ xml: String) -> [UInt8] { chunk("iXML", Array(xml.utf8)) }
}
