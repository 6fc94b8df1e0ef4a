import CatalogFormat
import Foundation
import Testing

@testable import LibraryClient

/// The archive hash an install keeps across a restart: the digests `Crypto.SHA256` gives, whatever
/// the pieces and wherever the state is saved and restored.
@Suite struct ResumableSHA256Tests {
    @Test(arguments: [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 300_000])
    func digestsAreSHA256s(length: Int) {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
        var hash = ResumableSHA256()
        hash.update(data)
        #expect(hash.hex == SHA256Digest.hex(of: data))
    }

    @Test func aStateSavedAnywhereResumesToTheSameDigest() throws {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        for cut in [0, 1, 63, 64, 65, 127, 2048, 4999, 5000] {
            var first = ResumableSHA256()
            first.update(data.prefix(cut))
            var resumed = try ResumableSHA256(saved: first.saved)
            #expect(resumed.count == UInt64(cut))
            // In uneven pieces after the cut.
            var offset = cut
            var step = 1
            while offset < data.count {
                let end = min(data.count, offset + step)
                resumed.update(data[offset..<end])
                offset = end
                step = step * 3 + 1
            }
            #expect(resumed.hex == SHA256Digest.hex(of: data), "cut at \(cut)")
        }
        #expect(throws: ResumableSHA256.Damaged.self) { try ResumableSHA256(saved: Data([1, 2, 3])) }
    }
}
