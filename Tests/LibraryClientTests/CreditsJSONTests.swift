import CatalogFormat
import Foundation
import Testing

@testable import LibraryClient

/// The hand-written credits column is what JSONEncoder writes, whatever the names hold.
@Suite struct CreditsJSONTests {
    static func encoded(_ credits: [Credit]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(credits), as: UTF8.self)
    }

    @Test func everyASCIICharacterAndSomeOthersAreEscapedAsTheEncoderEscapesThem() throws {
        let ascii = String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) })
        let names = [
            ascii, "Ada Lovelace", "Quote \" and \\ back", "Ünïcødé — 音 🎧", "https://example.com/a/b?c=d&e",
            "\u{2028}\u{2029}\u{7F}\u{FEFF}", "",
        ]
        for name in names {
            let credits = [
                Credit(name: name, role: "recording", url: "https://x.example/\(name.prefix(3))"),
                Credit(name: name), Credit(name: "B", role: name),
            ]
            #expect(CreditsJSON.text(credits) == (try Self.encoded(credits)), "\(name.debugDescription)")
        }
        #expect(CreditsJSON.text([]) == (try Self.encoded([])))
    }
}
