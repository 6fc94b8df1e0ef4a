import CatalogModel
import Foundation
import SyntheticData
import TestSupport
import Testing

/// Validation reads each item's audio header, so a broken, truncated or unsupported file, or
/// a value the author wrote that the file contradicts, is reported before any build, at the
/// item's line and column in pack.yaml, every problem at once.
struct AudioValidationTests {
    /// 0.5 s of 16-bit stereo 48 kHz silence.
    static let wav: Data = {
        var file = WAVHeader.make(dataBytes: 96_000)
        file.append(Data(count: 96_000))
        return file
    }()

    static func pack(items: String) -> String {
        """
        id: 3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10
        slug: audio-check
        kind: sfx
        title: Audio Check
        version: 1
        items:
        \(items)
        """
    }

    @Test func everyBadFileAndContradictedValueIsReportedAtItsLine() throws {
        let tmp = try TemporaryDirectory()
        try tmp.write("audio/good.wav", Self.wav)
        try tmp.write("audio/notes.wav", "my notes, not audio\n")
        try tmp.write("audio/cut.wav", Self.wav.prefix(30))
        let path = try tmp.write(
            "pack.yaml",
            Self.pack(
                items: """
                      - id: 9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4
                        title: Notes
                        file: audio/notes.wav
                      - id: 7d1e0c94-22ad-4e72-8b66-94c2ead4939a
                        title: Cut
                        file: audio/cut.wav
                      - id: 5a2fd0de-ec19-4246-a3ab-3cea3179a111
                        title: Good
                        file: audio/good.wav
                        sampleRate: 44100
                        duration: 0.5
                      - id: 6b2fd0de-ec19-4246-a3ab-3cea3179a111
                        title: Also Good
                        file: audio/good.wav
                        codec: PCM
                        channels: 2
                        duration: 0.5
                    """))
        let report = PackValidator.validate(packAt: path).1
        let errors = report.errors.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" }
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("9:11 item 'Notes': not a supported audio file") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("12:11 item 'Cut': truncated WAV") }, "\(errors)")
        #expect(
            errors.contains {
                $0.hasPrefix("16:17 item 'Good': pack.yaml says sampleRate is 44100 but audio/good.wav has 48000")
            },
            "\(errors)")
    }

    @Test func aCatalogChecksTheAudioOfEveryPack() throws {
        let tmp = try TemporaryDirectory()
        let catalog = try DemoCatalog.copyCatalog(into: tmp)
        try Data("not audio".utf8).write(to: URL(fileURLWithPath: "\(catalog)/packs/tavern-life/audio/hearth-fire.mp3"))
        let report = CatalogValidator.validate(catalogAt: "\(catalog)/catalog.yaml").1
        #expect(report.errors.count == 1, "\(report)")
        let error = try #require(report.errors.first)
        #expect(
            error.file == "\(catalog)/packs/tavern-life/pack.yaml" && error.path?.hasSuffix(".file") == true, "\(error)"
        )
        #expect(error.message.contains("not a supported audio file"), "\(error)")
    }

    @Test func theDemoCatalogStillValidates() {
        let report = CatalogValidator.validate(
            catalogAt: DemoCatalog.directory.appendingPathComponent("catalog.yaml").path
        ).1
        #expect(!report.hasErrors, "\(report)")
    }
}
