import CatalogModel
import Foundation
import SyntheticData
import TestSupport
import Testing

/// An item that fails to parse is left out of the pack, but every later message still points at
/// its own item's lines in pack.yaml, not at the lines of the item before it.
struct LocationTests {
    static let wav: Data = {
        var file = WAVHeader.make(dataBytes: 9_600)
        file.append(Data(count: 9_600))
        return file
    }()

    @Test func aLaterItemIsReportedAtItsOwnLineAfterAnItemThatFailedToParse() throws {
        let tmp = try TemporaryDirectory()
        try tmp.write("audio/a.wav", Self.wav)
        try tmp.write("audio/notes.wav", "not audio\n")
        let path = try tmp.write(
            "pack.yaml",
            """
            id: 3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10
            slug: locations
            kind: sfx
            title: Locations
            version: 1
            items:
              - id: 9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4
                title: [1, 2]
                file: audio/a.wav
              - id: 7d1e0c94-22ad-4e72-8b66-94c2ead4939a
                title: Missing
                file: audio/missing.wav
              - id: 5a2fd0de-ec19-4246-a3ab-3cea3179a111
                title: Notes
                file: audio/notes.wav
                license: NOT-A-LICENSE
              - id: 5a2fd0de-ec19-4246-a3ab-3cea3179a111
                title: Same Id
                file: audio/a.wav

            """)
        let report = PackValidator.validate(packAt: path).1
        let errors = report.errors.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.path ?? "") \($0.message)" }
        #expect(errors.contains { $0.hasPrefix("8:12 items[0].title ") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("12:11 items[1].file ") && $0.contains("missing.wav") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("15:11 items[2].file ") && $0.contains("not a supported") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("16:14 items[2].license ") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("17:9 items[3].id ") }, "\(errors)")
        #expect(errors.count == 5, "\(errors)")
    }
}
