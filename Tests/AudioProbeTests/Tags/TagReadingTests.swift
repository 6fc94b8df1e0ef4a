import AudioProbe
import Foundation
import TestSupport
import Testing

/// `AudioProbe.tags` reads what files other tools wrote: ffmpeg's `bext`, Vorbis comments (FLAC,
/// Ogg Vorbis, Opus), ID3v2 and MP4 atoms, each file still probing as audio.
@Suite(.serialized, .startsProcesses) struct TagReadingTests {
    static let tagged = [
        "-metadata", "title=Rain on a Tin Roof", "-metadata", "artist=Jo Doe", "-metadata", "comment=Wet and close",
    ]

    @Test func ffmpegsBextGivesDescriptionOriginatorAndReference() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.path("door.wav")
        try AudioFixtures.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:duration=0.3", "-write_bext", "1",
            "-metadata", "description=Heavy oak door, slammed shut", "-metadata", "originator=Jane Doe",
            "-metadata", "originator_reference=JD-0042", path,
        ])
        let tags = try AudioProbe.metadata(fileAt: path)
        let bext = try #require(tags.bext)
        #expect(bext.description == "Heavy oak door, slammed shut")
        #expect(bext.originator == "Jane Doe")
        #expect(bext.originatorReference == "JD-0042")
        #expect(tags.warnings.isEmpty)
        #expect(try AudioProbe.probe(fileAt: path).duration > 0.29)
    }

    @Test(arguments: ["flac", "ogg", "opus", "mp3", "m4a"])
    func formatTagsGiveTitleAndArtist(ext: String) throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.path("rain.\(ext)")
        try AudioFixtures.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=0.3"] + Self.tagged + [path])
        let tags = try AudioProbe.metadata(fileAt: path)
        #expect(tags.format["title"] == "Rain on a Tin Roof", "\(tags)")
        #expect(tags.format["artist"] == "Jo Doe", "\(tags)")
        #expect(tags.bext == nil && tags.ixml == nil && tags.warnings.isEmpty, "\(tags)")
    }

    @Test func anID3TagWithAUTF16TitleAndACommentReads() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.path("wind.mp3")
        try AudioFixtures.ffmpeg(
            ["-f", "lavfi", "-i", "sine=duration=0.3", "-id3v2_version", "3", "-metadata", "title=Wind — gusts"]
                + ["-metadata", "comment=from the hill", path])
        let tags = try AudioProbe.metadata(fileAt: path)
        #expect(tags.format["title"] == "Wind — gusts", "\(tags)")
        #expect(tags.format["comment"] == "from the hill", "\(tags)")
    }

    @Test func aFileWithoutTagsHasNone() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.path("plain.wav")
        try AudioFixtures.ffmpeg(["-f", "lavfi", "-i", "sine=duration=0.1", "-bitexact", path])
        #expect(try AudioProbe.metadata(fileAt: path) == EmbeddedMetadata())
    }

    @Test func notAudioIsAnErrorNamingTheFile() throws {
        let tmp = try TemporaryDirectory()
        let path = try tmp.write("notes.wav", "my notes\n")
        #expect(throws: AudioProbeError.self) { try AudioProbe.metadata(fileAt: path) }
        do {
            _ = try AudioProbe.metadata(fileAt: path)
        } catch {
            #expect(error.file == path && error.message.contains("not a supported audio file"))
        }
    }
}
