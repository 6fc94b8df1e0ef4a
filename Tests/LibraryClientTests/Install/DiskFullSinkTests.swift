import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// A download that fills the disk stops with the sentence a user can act on, from the write that
/// failed: the path, the bytes still needed and those free.
@Suite(.enabled(if: SmallDisk.isAvailable, "needs root to mount a tmpfs"))
struct DiskFullSinkTests {
    @Test func aDownloadThatFillsTheDiskSaysSo() throws {
        let disk = try #require(try SmallDisk(bytes: 256 * 1024))
        defer { disk.unmount() }
        let path = disk.path("file.part")
        let sink = try DownloadSink(
            path: path, label: "file", expectedBytes: 1 << 20, expectedSHA256: String(repeating: "0", count: 64),
            resume: false, progress: { _ in })
        let chunk = Data(repeating: 7, count: 64 * 1024)
        var failure: (any Error)?
        do {
            for _ in 0..<16 { try sink.append(chunk) }
            try sink.flush()
        } catch {
            failure = error
        }
        guard case .diskFull(let at, let needed, let free)? = failure as? PackInstallError else {
            Issue.record("expected a full disk, got \(String(describing: failure))")
            return
        }
        #expect(at == path && needed > 0 && needed <= 1 << 20 && free < 64 * 1024)
        #expect("\(failure!)".hasPrefix("the disk is full at \(path): "))
    }
}
