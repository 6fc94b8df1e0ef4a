import CatalogModel
import Foundation
import SyntheticData

/// Writes a pack folder of 16-bit stereo 48 kHz WAV files filled with pseudo-random samples
/// (not sparse, not compressible) and a pack.yaml listing them.
enum WAVGenerator {
    static func makePack(in folder: URL, files: Int, totalBytes: Int64, slug: String = "bench-pack") throws -> Int64 {
        let audio = folder.appendingPathComponent("audio")
        try FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
        let perFile = max(Int64(4096), (totalBytes / Int64(files)) & ~3)
        var yaml = "id: \(CanonicalID.random())\nslug: \(slug)\nkind: sfx\ntitle: \(slug)\nversion: 1\nitems:\n"
        var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var written: Int64 = 0
        for i in 0..<files {
            let name = String(format: "sound-%04d.wav", i)
            let path = audio.appendingPathComponent(name).path
            guard
                let handle = FileHandle(forWritingAtPath: path)
                    ?? {
                        _ = FileManager.default.createFile(atPath: path, contents: nil)
                        return FileHandle(forWritingAtPath: path)
                    }()
            else { throw BenchFailure(message: "cannot write \(path)") }
            try handle.write(contentsOf: WAVHeader.make(dataBytes: UInt32(perFile)))
            var left = perFile
            while left > 0 {
                let n = Int(min(Int64(chunk.count), left))
                chunk.withUnsafeMutableBytes { raw in
                    let words = raw.bindMemory(to: UInt64.self)
                    for w in 0..<(n / 8) { words[w] = random.next() }
                }
                try handle.write(contentsOf: chunk[0..<n])
                left -= Int64(n)
            }
            try handle.close()
            written += perFile + 44
            yaml += "  - id: \(CanonicalID.random())\n    title: \"Sound \(i)\"\n    file: audio/\(name)\n"
        }
        try yaml.write(to: folder.appendingPathComponent("pack.yaml"), atomically: true, encoding: .utf8)
        return written
    }
}
