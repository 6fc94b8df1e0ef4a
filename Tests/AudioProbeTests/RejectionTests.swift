import Foundation
import Testing

@testable import AudioProbe

@Suite("Unsupported, corrupt and unusual input")
struct RejectionTests {
    static let notSupported = "not a supported audio file (WAV, AIFF, FLAC, Ogg Vorbis/Opus, MP3, M4A/AAC/ALAC)"

    /// A fixture's bytes with `patch` applied at `offset` (offset counted from the first match
    /// of `marker` when given).
    static func patched(_ name: String, at offset: Int, after marker: String? = nil, _ patch: [UInt8]) throws -> Data {
        var bytes = try [UInt8](Fixtures.data(name))
        var base = 0
        if let marker {
            let needle = Array(marker.utf8)
            base = try #require(
                (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) })
        }
        bytes.replaceSubrange((base + offset)..<(base + offset + patch.count), with: patch)
        return Data(bytes)
    }

    static func message(_ data: Data, _ name: String = "input") throws -> String {
        try #require(Fixtures.probeError(data, name: name)).message
    }

    @Test("a text file named .wav is not a supported audio file")
    func textFileNamedWav() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("hello world\nthis is not audio\n".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: AudioProbeError.self) { try AudioProbe.probe(fileAt: path) }
        #expect(error?.file == path)
        #expect(
            error?.message
                == "\(Self.notSupported): starts with 68 65 6C 6C 6F 20 77 6F 72 6C 64 0A (\"hello world\\n\")")
        #expect(error?.description == "\(path): \(error?.message ?? "")")
    }

    @Test("empty input, missing files and directories")
    func emptyAndMissing() throws {
        #expect(try Self.message(Data()) == "\(Self.notSupported): the file is empty (0 bytes)")
        #expect(try Self.message(Data([0x00, 0x01, 0x02])) == "\(Self.notSupported): starts with 00 01 02")
        let missing = #expect(throws: AudioProbeError.self) { try AudioProbe.probe(fileAt: "/nonexistent/a.wav") }
        #expect(missing?.message == "file not found")
        let directory = #expect(throws: AudioProbeError.self) { try AudioProbe.probe(fileAt: NSTemporaryDirectory()) }
        #expect(directory?.message.contains("directory") == true)
    }

    @Test("zero channels or sample rate is an error")
    func zeroRateOrChannels() throws {
        #expect(try Self.message(Self.patched("wav_pcm16.wav", at: 10, after: "fmt ", [0, 0])).contains("0 channels"))
        #expect(try Self.message(Self.patched("wav_pcm16.wav", at: 12, after: "fmt ", [0, 0, 0, 0])).contains("0 Hz"))
        #expect(try Self.message(Self.patched("aiff_pcm16.aiff", at: 8, after: "COMM", [0, 0])).contains("0 channels"))
        #expect(
            try Self.message(Self.patched("aiff_pcm16.aiff", at: 16, after: "COMM", [UInt8](repeating: 0, count: 10)))
                .contains("sample rate"))
        #expect(try Self.message(Self.patched("flac_22k_mono.flac", at: 18, [0, 0, 0x02])).contains("0 Hz"))
        #expect(
            try Self.message(Self.patched("opus_24k_mono.opus", at: 9, after: "OpusHead", [0])).contains("0 channels"))
        #expect(
            try Self.message(Self.patched("vorbis_22k_stereo.ogg", at: 12, after: "\u{1}vorbis", [0, 0, 0, 0]))
                .contains("0 Hz"))
        #expect(try Self.message(Self.patched("m4a_alac.m4a", at: 53, after: "alac", [0])).contains("0 channels"))
    }

    @Test("FLAC without a total sample count is rejected with advice")
    func flacWithoutLength() throws {
        let data = try Self.patched("flac_22k_mono.flac", at: 21, [0, 0, 0, 0, 0])
        #expect(try Self.message(data).hasPrefix("FLAC file does not record its length"))
    }

    @Test("encodings that are not linear PCM are named")
    func unsupportedEncodings() throws {
        #expect(
            try Self.message(Self.patched("wav_pcm16.wav", at: 8, after: "fmt ", [0x11, 0]))
                == "unsupported WAV encoding: format tag 0x11 (IMA ADPCM); only PCM and IEEE float WAV files are supported"
        )
        #expect(
            try Self.message(Self.patched("aifc_sowt.aifc", at: 0, after: "sowt", Array("ulaw".utf8)))
                .hasPrefix("unsupported AIFF-C compression type 'ulaw'"))
        #expect(
            try Self.message(Self.patched("m4a_alac.m4a", at: 0, after: "alac", Array("ac-3".utf8)))
                == "unsupported audio codec 'ac-3' in MP4 file; supported: AAC, ALAC")
        #expect(
            try Self.message(Self.patched("opus_24k_mono.opus", at: 0, after: "OpusHead", Array("Speex   ".utf8)))
                .hasPrefix("unsupported Ogg file: no Vorbis, Opus or FLAC audio stream (found: Speex)"))
        // Three MPEG-1 layer II frames (160 kbit/s, 44.1 kHz: 522 bytes each).
        var mp2: [UInt8] = []
        for _ in 0..<3 { mp2 += [0xFF, 0xFD, 0x90, 0x00] + [UInt8](repeating: 0, count: 518) }
        #expect(
            try Self.message(Data(mp2)) == "unsupported MPEG audio: layer II (MP2); only layer III (MP3) is supported")
    }

    @Test("trailing ID3v1 and APEv2 tags are not counted as MP3 audio")
    func trailingTagsExcluded() throws {
        let plain = try Fixtures.data("mp3_cbr_noxing.mp3")
        let base = try AudioProbe.probe(data: plain, name: "plain.mp3").duration
        let id3v1 = Data("TAG".utf8) + Data(repeating: 0x20, count: 125)
        let apeFooter =
            Data("APETAGEX".utf8) + Data([0xD0, 0x07, 0, 0, 32, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) + Data(count: 8)
        for (label, tail) in [("ID3v1", id3v1), ("APEv2", apeFooter), ("APEv2 + ID3v1", apeFooter + id3v1)] {
            let info = try AudioProbe.probe(data: plain + tail, name: label)
            #expect(info.duration == base, "\(label)")
        }
    }

    @Test("format comes from content, not the name; ID3v2 before FLAC is skipped")
    func contentNotName() throws {
        let flac = try Fixtures.data("flac_22k_mono.flac")
        let expected = try AudioProbe.probe(data: flac, name: "a.flac")
        #expect(try AudioProbe.probe(data: flac, name: "a.mp3") == expected)
        let tag = try Fixtures.data("mp3_vbr_xing.mp3").prefix(20)  // a 20-byte ID3v2 tag
        #expect(try AudioProbe.probe(data: tag + flac, name: "tagged.flac") == expected)
    }

    @Test("a WAV data chunk of unknown size (0xFFFFFFFF, streamed) runs to the end of the file")
    func streamedWav() throws {
        let original = try AudioProbe.probe(data: Fixtures.data("wav_pcm16.wav"), name: "a.wav")
        let streamed = try Self.patched("wav_pcm16.wav", at: 4, after: "data", [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(try AudioProbe.probe(data: streamed, name: "a.wav") == original)
    }

    @Test("a WAV data chunk declared larger than the file is truncated")
    func wavDataTooLarge() throws {
        let data = try Self.patched("wav_pcm16.wav", at: 4, after: "data", [0x00, 0x00, 0x01, 0x00])
        #expect(
            try Self.message(data)
                == "truncated WAV file: data chunk at byte 36 (65536 bytes of audio) ends at byte 65580 but the file has 8044 bytes"
        )
    }

    @Test("zero-size and oversized MP4 boxes are errors, not loops")
    func badBoxSizes() throws {
        let zeroSized = try Self.patched("m4a_alac.m4a", at: -4, after: "moov", [0, 0, 0, 4])
        #expect(try Self.message(zeroSized).contains("invalid size"))
        let huge = try Self.patched("m4a_alac.m4a", at: -4, after: "trak", [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(try Self.message(huge).contains("runs past the end of its parent 'moov'"))
    }
}
