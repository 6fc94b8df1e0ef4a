import Foundation
import TestSupport
import Testing

/// `catalog push` needs the same memory for a large file as for a small one: parts go from the
/// file to the socket, none is held whole.
@Suite(.serialized, .startsProcesses) struct PushMemoryTests {
    /// Peak resident memory of each push, from `/usr/bin/time`; 100 MiB (7 parts) against
    /// 400 MiB (25 parts): a per-part leak or a part held per upload shows as tens of MiB.
    @Test func aFileFourTimesLargerPushesWithinAFewMebibytesOfTheSamePeakMemory() throws {
        let moto = try MotoServer()
        defer { moto.stop() }
        try S3Inspector(endpoint: moto.endpoint).createPublicBucket("memory")
        let tmp = try TemporaryDirectory(prefix: "soundshelf-push-memory")
        let catalogJSON = "{\"schemaVersion\":1}"
        var peaks: [Int] = []
        for mebibytes in [100, 400] {
            let dist = tmp.path("dist-\(mebibytes)")
            _ = try tmp.write("dist-\(mebibytes)/catalog.json", catalogJSON)
            try Self.writeSparse(dist + "/packs/big/1/big.bin", mebibytes: mebibytes)
            let (result, peak) = try Self.pushMeasured(dist, to: "s3://memory/m\(mebibytes)", endpoint: moto.endpoint)
            #expect(result.status == 0, "\(result.stderr)")
            let counts = try PushCounts(result)
            #expect(counts.uploaded == 2 && counts.bytes == Int64(mebibytes << 20 + catalogJSON.utf8.count))
            try FileManager.default.removeItem(atPath: dist)
            peaks.append(peak)
        }
        let growth = peaks[1] - peaks[0]
        #expect(growth < 4 << 10, "peak RSS \(peaks[0] >> 10) MiB at 100 MiB, \(peaks[1] >> 10) MiB at 400 MiB")
    }

    /// A file of zeros that takes no disk space (its bytes do not matter here, its size does).
    static func writeSparse(_ path: String, mebibytes: Int) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(mebibytes) << 20)
    }

    /// Runs `catalog push` under `/usr/bin/time`; returns the result and the peak RSS in KiB.
    static func pushMeasured(_ dist: String, to destination: String, endpoint: URL) throws
        -> (ToolRunner.Result, Int)
    {
        let catalog = ToolRunner.productsDirectory.appendingPathComponent("catalog").path
        let result = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/time"),
            [
                "-f", "peak-rss-kib %M", catalog, "push", dist, destination, "--endpoint", endpoint.absoluteString,
                "--json",
            ],
            environment: MotoServer.environment)
        let line = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kib ") }
        let peak = try #require(line.flatMap { Int($0.dropFirst("peak-rss-kib ".count)) }, "\(result.stderr)")
        return (result, peak)
    }
}
