import Foundation
import POSIXWrite
import TestSupport
import Testing

/// The shared write-everything loop: every byte lands in order however the writes are cut,
/// and a failure names the file and the system's reason.
struct WriteAllTests {
    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }

    @Test("Short writes are continued until every byte is written, in order", arguments: [1, 7, 4096, 1 << 20])
    func shortWritesContinue(chunk: Int) throws {
        let tmp = try TemporaryDirectory(prefix: "write-all")
        let path = tmp.path("out.bin")
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        let bytes = Self.pattern(100_003)
        var calls = 0
        try bytes.withUnsafeBytes { buffer in
            try writeAll(
                fd, buffer, path: path,
                chunk: { rest in
                    calls += 1
                    return min(rest, chunk)
                })
        }
        close(fd)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
        #expect(calls == (bytes.count + chunk - 1) / chunk)
    }

    @Test("A failed write throws with the file's path and errno")
    func failureNamesThePath() throws {
        let tmp = try TemporaryDirectory(prefix: "write-all")
        let path = try tmp.write("read-only.bin", "x")
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let failure = try #require(throws: WriteAllFailure.self) {
            try Self.pattern(10).withUnsafeBytes { try writeAll(fd, $0, path: path) }
        }
        #expect(failure.path == path)
        #expect(failure.code == EBADF)
        #expect(failure.description.hasPrefix("\(path): cannot write: "))
    }

    @Test("A failed write is tried again while retry says so, then reported")
    func retryDecides() throws {
        let tmp = try TemporaryDirectory(prefix: "write-all")
        let path = try tmp.write("read-only.bin", "x")
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var codes: [Int32] = []
        let failure = try #require(throws: WriteAllFailure.self) {
            try Self.pattern(10).withUnsafeBytes { buffer in
                try writeAll(
                    fd, buffer, path: path,
                    retry: { code in
                        codes.append(code)
                        return codes.count < 3
                    })
            }
        }
        #expect(codes == [EBADF, EBADF, EBADF])
        #expect(failure.code == EBADF)
    }

    @Test("A write that takes nothing is an I/O error, not an endless loop")
    func zeroProgressFails() throws {
        let tmp = try TemporaryDirectory(prefix: "write-all")
        let path = tmp.path("out.bin")
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        let failure = try #require(throws: WriteAllFailure.self) {
            try Self.pattern(10).withUnsafeBytes { try writeAll(fd, $0, path: path, chunk: { _ in 0 }) }
        }
        #expect(failure.code == EIO)
        #expect(failure.path == path)
    }

    @Test("Nothing to write writes nothing")
    func emptyBuffer() throws {
        let tmp = try TemporaryDirectory(prefix: "write-all")
        let path = try tmp.write("read-only.bin", "x")
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        try [UInt8]().withUnsafeBytes { try writeAll(fd, $0, path: path) }
    }
}
