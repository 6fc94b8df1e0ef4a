import Foundation
import Testing

@testable import LibraryClient

/// The response head a download acts on, read from raw header lines as libcurl reports them
/// (every response of a redirect chain, interim `100 Continue` answers included).
@Suite("HTTP response head")
struct HTTPResponseHeadTests {
    private func heads(_ lines: [String]) -> [HTTPResponseHead] {
        var parser = HTTPResponseHeadParser()
        return lines.compactMap { parser.take($0 + "\r\n") }
    }

    @Test("a redirect that will be followed and an interim 100 are skipped; the final head is read")
    func finalHeadOnly() {
        let result = heads([
            "HTTP/1.1 100 Continue", "",
            "HTTP/1.1 302 Found", "Location: /moved/pack.tar", "Content-Length: 0", "",
            "HTTP/1.1 206 Partial Content", "content-range: bytes 100-999/1000", "Content-Length:  900", "",
        ])
        #expect(result == [HTTPResponseHead(status: 206, contentRange: "bytes 100-999/1000", contentLength: 900)])
    }

    @Test("a redirect without Location is the final answer; a missing length is -1")
    func redirectWithoutLocation() {
        #expect(
            heads(["HTTP/1.1 302 Found", "Content-Type: text/html", ""])
                == [HTTPResponseHead(status: 302, contentRange: nil, contentLength: -1)])
        #expect(heads(["HTTP/2 200", ""]) == [HTTPResponseHead(status: 200, contentRange: nil, contentLength: -1)])
    }

    @Test(
        "a 206 that does not continue where the file ends restarts the file and retries",
        arguments: ["bytes 0-999/1000", "bytes 50-999/1000", ""])
    func misplacedRange(range: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("head-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sink = try DownloadSink(
            path: folder.appendingPathComponent("part").path, label: "u", expectedBytes: 1000,
            expectedSHA256: String(repeating: "0", count: 64), resume: false
        ) { _ in }
        try sink.append(Data(repeating: 7, count: 100))
        try sink.flush()
        let head = HTTPResponseHead(status: 206, contentRange: range.isEmpty ? nil : range, contentLength: 900)
        #expect(throws: RetryNow.self) { try head.accept(into: sink, url: "u") }
        #expect(sink.written == 0)
        if case .transient = HTTPResponseHead.outcome(recorded: RetryNow(), url: "u") {
        } else {
            Issue.record("RetryNow is not transient")
        }
    }
}
