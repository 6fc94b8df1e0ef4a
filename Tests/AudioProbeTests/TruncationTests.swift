import Foundation
import Testing

@testable import AudioProbe

@Suite("Truncated files are errors that say so")
struct TruncationTests {
    /// MP3s without a Xing header carry no length, so a cut in their audio cannot be seen.
    static let cuttableInHalf = Fixtures.names.filter { $0 != "mp3_cbr_noxing.mp3" && $0 != "mp3_id3.mp3" }

    @Test("the first 20 bytes", arguments: Fixtures.names)
    func first20Bytes(name: String) throws {
        let data = try Fixtures.data(name).prefix(20)
        let error = try #require(Fixtures.probeError(Data(data), name: name))
        #expect(error.file == name)
        #expect(error.message.hasPrefix("truncated"), "\(error)")
    }

    @Test("cut in the middle of the header", arguments: Fixtures.names)
    func halfTheHeader(name: String) throws {
        let bytes = try [UInt8](Fixtures.data(name))
        let cut = Fixtures.headerEnd(name, bytes) / 2
        #expect(cut > 20 && cut < bytes.count, "\(name): header cut at \(cut)")
        let error = try #require(Fixtures.probeError(Data(bytes.prefix(cut)), name: name))
        #expect(error.message.hasPrefix("truncated"), "\(error)")
    }

    @Test("cut in the middle of the file", arguments: cuttableInHalf)
    func halfTheFile(name: String) throws {
        let data = try Fixtures.data(name)
        let error = try #require(Fixtures.probeError(Data(data.prefix(data.count / 2)), name: name))
        #expect(error.message.hasPrefix("truncated"), "\(error)")
    }

    /// Formats whose headers record their exact size (a cut inside FLAC's or MP3's last frame
    /// cannot be seen without decoding).
    @Test("cut one byte short", arguments: cuttableInHalf.filter { !$0.hasSuffix(".flac") && !$0.hasSuffix(".mp3") })
    func oneByteShort(name: String) throws {
        let data = try Fixtures.data(name)
        let error = try #require(Fixtures.probeError(Data(data.dropLast()), name: name))
        #expect(error.message.hasPrefix("truncated"), "\(error)")
    }

    @Test("messages name what was cut off")
    func specificMessages() throws {
        func message(_ name: String, _ length: Int) throws -> String {
            try #require(Fixtures.probeError(Data(try Fixtures.data(name).prefix(length)), name: name)).message
        }
        #expect(
            try message("flac_22k_mono.flac", 20)
                == "truncated FLAC file: STREAMINFO block ends at byte 42 but the file has 20 bytes")
        #expect(
            try message("wav_pcm16.wav", 20)
                == "truncated WAV file: fmt chunk ends at byte 36 but the file has 20 bytes")
        #expect(try message("wav_pcm16.wav", 4000).contains("data chunk"))
        #expect(try message("aiff_pcm16.aiff", 5000).contains("SSND chunk"))
        #expect(try message("vorbis_22k_stereo.ogg", 40).contains("first page ends at byte"))
        #expect(try message("opus_24k_mono.opus", 700).contains("last page"))
        #expect(try message("mp3_id3.mp3", 1000).contains("ID3v2 tag"))
        #expect(try message("mp3_vbr_xing.mp3", 2000).contains("Xing"))
        #expect(try message("m4a_aac_moov_end.m4a", 2000).contains("box 'mdat'"))
        #expect(try message("m4a_aac_faststart_96k.m4a", 600).contains("box 'moov'"))
        #expect(try message("flac_22k_mono.flac", 15000).contains("STREAMINFO declares 11025 samples"))
    }

    @Test("FLAC metadata without any audio frame")
    func flacWithoutFrames() throws {
        let bytes = try [UInt8](Fixtures.data("flac_22k_mono.flac"))
        var offset = 4
        while offset + 4 <= bytes.count {
            let isLast = bytes[offset] & 0x80 != 0
            offset += 4 + bytes.be24(offset + 1)
            if isLast { break }
        }
        let error = try #require(Fixtures.probeError(Data(bytes.prefix(offset)), name: "f.flac"))
        #expect(error.message.hasPrefix("truncated FLAC file: no audio frames"), "\(error)")
    }
}
