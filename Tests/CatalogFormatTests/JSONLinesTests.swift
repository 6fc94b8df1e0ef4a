import CatalogFormat
import Foundation
import Testing

/// `JSONLines` finds the lines `Data.split(separator:)` finds, also in a slice of larger data.
struct JSONLinesTests {
    @Test(arguments: [
        "", "\n", "\n\n\n", "a", "a\n", "\na", "a\nb", "a\n\nb\n", "{\"x\":1}\n{\"y\":[2,3]}\n\n{}\n",
    ])
    func linesAreTheNonEmptyPiecesBetweenNewlines(text: String) {
        let data = Data(text.utf8)
        let expected = data.split(separator: 0x0A, omittingEmptySubsequences: true).map { Data($0) }
        #expect(JSONLines.lines(of: data).map { Data($0) } == expected)
    }

    @Test func aSliceIsSplitWithinItsOwnBounds() {
        let whole = Data("xx\nfirst\nsecond\nyy".utf8)
        let slice = whole[3..<16]  // "first\nsecond\n"
        let lines = JSONLines.lines(of: slice).map { String(decoding: $0, as: UTF8.self) }
        #expect(lines == ["first", "second"])
    }

    @Test func randomDocumentsSplitAsSplitDoes() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...300, using: &rng)).map { _ in
                Bool.random(using: &rng) ? UInt8(0x0A) : UInt8.random(in: 0x20...0x7E, using: &rng)
            }
            let data = Data(bytes)
            let expected = data.split(separator: 0x0A, omittingEmptySubsequences: true).map { Data($0) }
            #expect(JSONLines.lines(of: data).map { Data($0) } == expected)
        }
    }
}
