import CatalogFormat
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// A download from a catalog folder resumes as an HTTP one does: from the end of its partial file.
@Suite struct FolderResumeTests {
    func sink(_ part: String, for source: Data, progress: @escaping @Sendable (Int64) -> Void) throws -> DownloadSink {
        try DownloadSink(
            path: part, label: "source", expectedBytes: Int64(source.count),
            expectedSHA256: SHA256Digest.hex(of: source), resume: true, progress: progress)
    }

    @Test func aPartialCopyContinuesFromItsEnd() throws {
        let tmp = try TemporaryDirectory(prefix: "folder-resume")
        let source = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try source.write(to: tmp.url.appendingPathComponent("source"))
        let part = tmp.path("file.part")
        try source.prefix(50_000).write(to: URL(fileURLWithPath: part))
        let copied = Counter()
        let sink = try sink(part, for: source) { copied.add($0) }
        copied.reset()  // what the existing part announced
        try Downloader.copy(from: tmp.path("source"), into: sink)
        try sink.finish()
        #expect(copied.value == 150_000, "only the missing bytes are read")
        #expect(try Data(contentsOf: URL(fileURLWithPath: part)) == source)
    }

    @Test func aCompletePartIsUsedWithoutCopyingAgain() throws {
        let tmp = try TemporaryDirectory(prefix: "folder-resume")
        let source = Data((0..<80_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try source.write(to: tmp.url.appendingPathComponent("source"))
        let part = tmp.path("file.part")
        try source.write(to: URL(fileURLWithPath: part))
        let copied = Counter()
        let sink = try sink(part, for: source) { copied.add($0) }
        copied.reset()
        try Downloader.copy(from: tmp.path("source"), into: sink)
        try sink.finish()
        #expect(copied.value == 0)
    }
}

/// A thread-safe running total.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var total: Int64 = 0
    var value: Int64 { lock.withLock { total } }
    func add(_ n: Int64) { lock.withLock { total += n } }
    func reset() { lock.withLock { total = 0 } }
}
