import Foundation
import Testing

@testable import LibraryClient

/// The reader that extracts an archive while it downloads follows the partial file; when the
/// server ignores `Range` and the file starts over, the reader must say so, never take the
/// shrunken file for the end of the archive.
@Suite("Growing file reader")
struct GrowingFileReaderTests {
    /// A download resumed on a partial file of 30,000 bytes, and a reader following it.
    private func resumedDownload() throws -> (URL, DownloadSignal, DownloadSink, GrowingFileReader) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("part").path
        try Data(repeating: 7, count: 30_000).write(to: URL(fileURLWithPath: path))
        let signal = DownloadSignal()
        let sink = try DownloadSink(
            path: path, label: "u", expectedBytes: 100_000,
            expectedSHA256: String(repeating: "0", count: 64), resume: true, signal: signal
        ) { _ in }
        return (folder, signal, sink, try GrowingFileReader(path: path, signal: signal, idleLimit: 5))
    }

    @Test("a restart between the wait and the read is a restart, not an empty file")
    func restartBetweenWaitAndRead() throws {
        let (folder, _, sink, reader) = try resumedDownload()
        defer { try? FileManager.default.removeItem(at: folder) }
        reader.afterWait = { try sink.restart() }
        #expect(throws: GrowingFileReader.Restarted.self) { try reader.next() }
    }

    @Test("a restart after a read is reported at the next read; the new body is read by a new reader")
    func restartAfterRead() throws {
        let (folder, signal, sink, reader) = try resumedDownload()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try reader.next()?.count == 30_000)
        try sink.restart()
        try sink.append(Data(repeating: 9, count: 40_000))
        try sink.flush()
        #expect(throws: GrowingFileReader.Restarted.self) { try reader.next() }
        let again = try GrowingFileReader(path: sink.path, signal: signal, idleLimit: 5)
        signal.finish(success: true)
        #expect(try again.next() == Data(repeating: 9, count: 40_000))
        #expect(try again.next() == nil)
    }
}
