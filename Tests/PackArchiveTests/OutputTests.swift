import Foundation
import PackArchive
import Testing

@Suite("Writer to a PackArchiveOutput")
struct OutputTests {
    /// Keeps every byte, and fails with `failure` once more than `limit` bytes arrived.
    final class Collect: PackArchiveOutput {
        var bytes: [UInt8] = []
        var limit = Int.max
        struct Full: Error, CustomStringConvertible { var description: String { "the test disk is full" } }

        func write(_ chunk: UnsafeRawBufferPointer) throws {
            guard bytes.count + chunk.count <= limit else { throw Full() }
            bytes += chunk
        }
    }

    @Test("The output receives exactly the bytes the file writer writes", arguments: [1 as UInt64, 7])
    func sameBytesAsFile(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let entries = ([0, 1, 511, 512, 4097, 3 << 20] + (0..<10).map { _ in Int(random.next() % 200_000) })
            .enumerated().map { TestEntry(name: String(format: "%03d.wav", $0), bytes: random.bytes($1)) }
        let dir = try TempDir()
        try writeArchive(entries, to: dir.path("file.tar"), mtime: 1_700_000_000, chunk: 40_000)

        let output = Collect()
        let writer = try PackArchiveWriter(output: output, name: "streamed.tar", mtime: 1_700_000_000)
        try writeEntries(entries, with: writer, chunk: 65_536)
        try writer.close()
        let file = Array(try Data(contentsOf: URL(fileURLWithPath: dir.path("file.tar"))))
        let same = output.bytes == file  // a Bool: a failing == on megabytes would be diffed
        #expect(same, "streamed \(output.bytes.count) bytes, file \(file.count) bytes")
        #expect(output.bytes.count % 512 == 0)
    }

    @Test("An output's failure is what the writer reports")
    func outputFailureReported() throws {
        let output = Collect()
        output.limit = 100_000
        let writer = try PackArchiveWriter(output: output, name: "streamed.tar")
        let entry = TestEntry(name: "big.wav", bytes: [UInt8](repeating: 7, count: 300_000))
        let error = try #require(throws: PackArchiveError.self) {
            try writeEntries([entry], with: writer, chunk: 50_000)
        }
        #expect(error.archive == "streamed.tar")
        #expect(error.entry == nil, "the failing bytes may belong to an earlier entry")
        #expect(error.message.contains("while adding \"big.wav\""))
        #expect(error.message.contains("the test disk is full"))
        #expect(error.underlying is Collect.Full)
        // The writer is unusable afterwards and says so, instead of writing an end marker.
        #expect(throws: PackArchiveError.self) { try writer.close() }
    }
}
