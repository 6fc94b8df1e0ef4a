import Foundation
import Testing

@testable import AudioProbe

@Suite("Fixtures match ffprobe")
struct FixtureAccuracyTests {
    @Test("expected.json lists exactly the committed fixtures")
    func expectedCoversEveryFixture() throws {
        let expected = try Fixtures.expected()
        #expect(Set(expected.keys) == Set(Fixtures.names))
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.directory.path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".json") && !$0.hasSuffix(".sh") }
        #expect(Set(files) == Set(Fixtures.names))
    }

    @Test("probe(fileAt:) agrees with ffprobe", arguments: Fixtures.names)
    func fileMatchesFFprobe(name: String) throws {
        let expected = try #require(try Fixtures.expected()[name])
        let info = try AudioProbe.probe(fileAt: Fixtures.url(name).path)
        #expect(info.codec == expected.codec)
        #expect(info.sampleRate == expected.sampleRate)
        #expect(info.channels == expected.channels)
        let tolerance = max(0.05, expected.duration * 0.01)
        #expect(
            abs(info.duration - expected.duration) <= tolerance,
            "\(name): duration \(info.duration) vs ffprobe \(expected.duration)")
    }

    @Test("probe(data:) gives the same result as probe(fileAt:)", arguments: Fixtures.names)
    func dataMatchesFile(name: String) throws {
        let fromFile = try AudioProbe.probe(fileAt: Fixtures.url(name).path)
        let fromData = try AudioProbe.probe(data: Fixtures.data(name), name: name)
        #expect(fromFile == fromData)
    }

    @Test(
        "exact values the headers record",
        arguments: [
            ("wav_pcm16.wav", 0.5), ("aiff_pcm16.aiff", 2756.0 / 11025), ("flac_22k_mono.flac", 0.5),
            ("vorbis_22k_stereo.ogg", 0.5), ("opus_24k_mono.opus", 0.5), ("mp3_vbr_xing.mp3", 21 * 1152.0 / 44100),
            ("m4a_aac_moov_end.m4a", 0.5), ("m4a_aac_faststart_96k.m4a", 0.3), ("m4a_alac.m4a", 0.3),
        ])
    func exactDurations(name: String, seconds: Double) throws {
        let info = try AudioProbe.probe(data: Fixtures.data(name), name: name)
        #expect(abs(info.duration - seconds) < 1e-9, "\(name): \(info.duration) != \(seconds)")
    }

    @Test(
        "canonical file extension comes from the content",
        arguments: [
            ("wav_pcm16.wav", "wav"), ("aifc_sowt.aifc", "aiff"), ("flac_22k_mono.flac", "flac"),
            ("vorbis_22k_stereo.ogg", "ogg"), ("opus_24k_mono.opus", "opus"), ("mp3_id3.mp3", "mp3"),
            ("m4a_alac.m4a", "m4a"),
        ])
    func fileExtension(name: String, ext: String) throws {
        let info = try AudioProbe.probe(fileAt: Fixtures.url(name).path)
        let path = try Fixtures.url(name).path
        #expect(AudioProbe.fileExtension(for: info, sourcePath: path) == ext)
    }

    @Test("a mislabelled file gets the extension of its content")
    func mislabelledExtension() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Fixtures.data("opus_24k_mono.opus").write(to: URL(fileURLWithPath: path))
        let info = try AudioProbe.probe(fileAt: path)
        #expect(info.codec == "opus")
        #expect(AudioProbe.fileExtension(for: info, sourcePath: path) == "opus")
        let missing = AudioInfo(codec: "pcm", sampleRate: 8000, channels: 1, duration: 1)
        #expect(AudioProbe.fileExtension(for: missing, sourcePath: "/nonexistent/x.AIFF") == "aiff")
        #expect(AudioProbe.fileExtension(for: missing, sourcePath: "/nonexistent/x.mp3") == "wav")
    }
}
