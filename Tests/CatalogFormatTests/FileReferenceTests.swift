import CatalogFormat
import Foundation
import Testing

@Suite struct FileReferenceTests {
    static let body = Data("a shard's bytes\n".utf8)
    static let reference = FileReference(
        url: "shards/x.jsonl.gz", sha256: SHA256Digest.hex(of: body).uppercased(), bytes: Int64(body.count))

    @Test("the declared bytes match, whatever the case of the declared hash")
    func matches() {
        #expect(Self.reference.mismatch(in: Self.body) == nil)
    }

    @Test("another size is told before any hash; the same size with other bytes tells the hash")
    func mismatches() {
        #expect(Self.reference.mismatch(in: Self.body.dropLast()) == .size(actual: Int64(Self.body.count - 1)))
        var flipped = Self.body
        flipped[0] ^= 1
        #expect(Self.reference.mismatch(in: flipped) == .sha256(actual: SHA256Digest.hex(of: flipped)))
    }
}
