import Foundation
import Testing

@testable import AudioProbe

/// The committed fixtures (made by Fixtures/make-fixtures.sh) and what ffprobe said about them.
enum Fixtures {
    /// Listed by hand so a missing file or an unreadable expected.json fails instead of
    /// quietly running zero cases.
    static let names = [
        "wav_pcm16.wav", "wav_f32_ext.wav", "wav_pcm24_ext.wav", "wav_rf64.wav", "aiff_pcm16.aiff", "aifc_sowt.aifc",
        "flac_22k_mono.flac", "vorbis_22k_stereo.ogg", "opus_24k_mono.opus",
        "mp3_cbr_noxing.mp3", "mp3_vbr_xing.mp3", "mp3_id3.mp3",
        "m4a_aac_moov_end.m4a", "m4a_aac_faststart_96k.m4a", "m4a_alac.m4a",
    ]

    static var directory: URL {
        get throws {
            try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        }
    }

    static func url(_ name: String) throws -> URL {
        try directory.appendingPathComponent(name)
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    static func expected() throws -> [String: AudioInfo] {
        try JSONDecoder().decode([String: AudioInfo].self, from: Data(contentsOf: url("expected.json")))
    }

    /// Where the headers end (roughly where audio data starts), used to cut a file "in the
    /// middle of its header".
    static func headerEnd(_ name: String, _ bytes: [UInt8]) -> Int {
        func find(_ ascii: String) -> Int? {
            let needle = Array(ascii.utf8)
            return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        switch (name as NSString).pathExtension {
        case "wav": return (find("data") ?? 40) + 8
        case "aiff", "aifc": return (find("SSND") ?? 40) + 16
        case "flac": return 42
        case "ogg", "opus":
            let segments = Int(bytes[26])
            return 27 + segments + bytes[27..<(27 + segments)].reduce(0) { $0 + Int($1) }
        case "mp3":
            // Any ID3v2 tag plus the first frame (which holds the Xing/Info header, if any).
            let tag = bytes.starts(with: Array("ID3".utf8)) ? 10 + bytes[6..<10].reduce(0) { $0 << 7 | Int($1) } : 0
            return tag + (MP3FrameHeader(bytes.be32(tag))?.frameLength ?? 100)
        case "m4a":
            let moov = (find("moov") ?? 8) - 4
            return moov + 2 * Int(bytes.be32(moov))
        default: return bytes.count
        }
    }

    /// Probes and returns the error, failing the test if probing succeeds.
    static func probeError(_ data: Data, name: String) -> AudioProbeError? {
        do {
            let info = try AudioProbe.probe(data: data, name: name)
            Issue.record("expected an error for \(name), got \(info)")
            return nil
        } catch {
            return error
        }
    }
}
