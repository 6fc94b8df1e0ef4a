import Foundation
import Testing

@testable import LibraryClient

/// A cursor's keys are written as a JSON array by hand; `JSONDecoder` (which reads them back)
/// must get exactly the same strings, whatever characters a title holds.
@Suite struct CursorJSONTests {
    @Test func keysComeBackAsWritten() throws {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        let samples: [[String]] = [
            [],
            [""],
            ["sDoor \"creak\"", "s1"],
            ["sC:\\sounds\\door", "s/a/b/", "i-42"],
            ["s" + controls, "s\u{7F}é漢字🐉", "r3ff0000000000000"],
            ["s\u{2028}\u{2029}", "n"],
        ]
        for texts in samples {
            let bytes = CursorCodec.jsonArray(texts)
            #expect(try JSONDecoder().decode([String].self, from: Data(bytes)) == texts)
        }
    }
}
