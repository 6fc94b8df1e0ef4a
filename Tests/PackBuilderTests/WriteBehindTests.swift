import CatalogModel
import Foundation
import SyntheticData
import TestSupport
import Testing

@testable import PackBuilder

/// The build's output files, written on a queue and (where the file system allows) around
/// the page cache: every byte must land, whatever the sizes and however they are appended.
@Suite(.timeLimit(.minutes(1)))  // a lost staging block would make a writer wait forever
struct WriteBehindTests {
    static let block = WriteBehind.blockSize
    static let sizes = [0, 1, 4095, 4096, 4097, block - 1, block, block + 1, 3 * block + 4096 + 123]

    @Test(
        "Every byte lands, around the page cache or through it",
        arguments: sizes, [true, false])
    func bytesLand(size: Int, bypassCache: Bool) throws {
        let tmp = try TemporaryDirectory()
        var random = SplitMix64(seed: UInt64(size) &+ 1)
        let bytes = random.bytes(size)
        let writer = WriteBehind(label: "test", bypassCache: bypassCache)
        // Two files at once, appended in uneven pieces that straddle block boundaries.
        let first = try writer.create(tmp.path("a.bin"), exclusive: true)
        let second = try writer.create(tmp.path("b.bin"), exclusive: true)
        var offset = 0
        var piece = 1000
        while offset < size {
            let end = min(size, offset + piece)
            try bytes[offset..<end].withUnsafeBytes {
                try writer.append($0, to: first)
                try writer.append($0, to: second)
            }
            offset = end
            piece = piece * 3 + 517
        }
        writer.close(first)
        writer.close(second)
        try writer.finish()
        for name in ["a.bin", "b.bin"] {
            let written = try Data(contentsOf: URL(fileURLWithPath: tmp.path(name)))
            #expect(written.count == size)
            let same = written == Data(bytes)  // a Bool: a failing == on megabytes would be diffed
            #expect(same, "\(name) differs from what was appended")
        }
    }

    @Test("Full blocks really are written around the page cache on this machine's file system")
    func directOnTemporaryFolder() throws {
        #if os(Linux)
            let tmp = try TemporaryDirectory()
            let writer = WriteBehind(label: "test", bypassCache: true)
            let file = try writer.create(tmp.path("a.bin"), exclusive: true)
            #expect(file.direct, "O_DIRECT was refused in \(tmp.path("")); the build would fall back to the page cache")
            var random = SplitMix64(seed: 3)
            let bytes = random.bytes(2 * WriteBehind.blockSize)
            try bytes.withUnsafeBytes { try writer.append($0, to: file) }
            writer.drain()
            // Still direct after two full blocks: no write fell back to the page cache.
            #expect(file.direct)
            writer.close(file)
            try writer.finish()
            let same = try Data(contentsOf: URL(fileURLWithPath: tmp.path("a.bin"))) == Data(bytes)
            #expect(same)
        #endif
    }

    @Test("A write the file system refuses to take directly goes through the page cache instead")
    func misalignedFallsBack() throws {
        #if os(Linux)
            let tmp = try TemporaryDirectory()
            let writer = WriteBehind(label: "test", bypassCache: true)
            let file = try writer.create(tmp.path("a.bin"), exclusive: true)
            try #require(file.direct)
            // Memory one byte off the alignment: O_DIRECT refuses it (EINVAL).
            let buffer = UnsafeMutableRawBufferPointer.allocate(
                byteCount: 3 * WriteBehind.alignment, alignment: WriteBehind.alignment)
            defer { buffer.deallocate() }
            for i in 0..<buffer.count { buffer[i] = UInt8(truncatingIfNeeded: i &* 31) }
            let slice = UnsafeRawBufferPointer(rebasing: buffer[1..<(1 + 2 * WriteBehind.alignment)])
            try file.write(slice, last: false)
            #expect(!file.direct)
            try file.close()
            let written = try Data(contentsOf: URL(fileURLWithPath: tmp.path("a.bin")))
            #expect(written == Data(slice))
        #endif
    }

    @Test("A file that exists is refused when exclusive")
    func exclusive() throws {
        let tmp = try TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: tmp.path("a.bin"), contents: Data("keep".utf8))
        let writer = WriteBehind(label: "test")
        let error = try #require(throws: POSIXFailure.self) { try writer.create(tmp.path("a.bin"), exclusive: true) }
        #expect(error.description.contains("a.bin: cannot create"))
        #expect(try String(contentsOfFile: tmp.path("a.bin"), encoding: .utf8) == "keep")
    }

    @Test("A failed write is reported with the file's path, on the next append or at the end")
    func failureReported() throws {
        #if os(Linux)
            let writer = WriteBehind(label: "test")
            let file = try writer.create("/dev/full", exclusive: false)
            let chunk = [UInt8](repeating: 1, count: WriteBehind.blockSize)
            var failure: (any Error)?
            do {
                for _ in 0..<8 { try chunk.withUnsafeBytes { try writer.append($0, to: file) } }
                writer.close(file)
                try writer.finish()
            } catch {
                failure = error
            }
            let error = try #require(failure as? POSIXFailure)
            #expect(error.path == "/dev/full")
            #expect(error.code == ENOSPC)
            #expect(error.description == "/dev/full: cannot write: \(String(cString: strerror(ENOSPC)))")
        #endif
    }
}
