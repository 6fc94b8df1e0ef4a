import CatalogModel
import Foundation

/// `soundshelf-bench pack [--mib 1024] [--files 64]`: generates ~1 GiB of WAV files, builds
/// them with `packer build` (a child process, so its peak RSS is measured alone), and in the
/// same run does the same work with plain tools (`openssl dgst -sha256` + `cp` + `tar cf`).
/// Prints MB/s for both, the time ratio (goal ≤ 1.0) and packer's peak RSS (goal ≤ 64 MB).
enum PackBench {
    static func run(_ args: [String]) throws -> String {
        let mib = BenchArgs.int(args, "--mib") ?? 1024
        let files = BenchArgs.int(args, "--files") ?? 64
        let rounds = BenchArgs.int(args, "--rounds") ?? 4
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("soundshelf-pack-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let packDir = work.appendingPathComponent("pack")
        let bytes = try WAVGenerator.makePack(in: packDir, files: files, totalBytes: Int64(mib) << 20)
        let packer = BenchArgs.sibling("packer")

        var ours: [Double] = [], plain: [Double] = [], rss: [Int] = []
        var oursDurable: [Double] = [], plainDurable: [Double] = []
        for round in 0..<rounds {
            // Alternate which side goes first: the machine's state (writeback, reclaim) after one
            // run weighs on the next, and neither side should always pay it.
            for side in round % 2 == 0 ? [0, 1] : [1, 0] {
                if side == 0 {
                    let plainOut = work.appendingPathComponent("plain-\(round)")
                    try FileManager.default.createDirectory(at: plainOut, withIntermediateDirectories: true)
                    let script = """
                    set -e; cd '\(packDir.path)/audio'
                    openssl dgst -sha256 *.wav > '\(plainOut.path)/sums'
                    mkdir -p '\(plainOut.path)/assets' && cp *.wav '\(plainOut.path)/assets/'
                    tar cf '\(plainOut.path)/pack.tar' *.wav
                    """
                    sync()
                    plain.append(try Timer.measure { try BenchProcess.run("/bin/bash", ["-c", script]).status })
                    plainDurable.append(plain.last! + (try Timer.measure { sync(); return 0 }))
                    try? FileManager.default.removeItem(at: plainOut)
                } else {
                    let out = work.appendingPathComponent("dist-\(round)")
                    var child = BenchProcess.Outcome(status: 0, maxRSSKiB: 0)
                    sync()
                    ours.append(try Timer.measure {
                        child = try BenchProcess.run(packer, ["build", packDir.appendingPathComponent("pack.yaml").path, "--out", out.path])
                        return child.status
                    })
                    oursDurable.append(ours.last! + (try Timer.measure { sync(); return 0 }))
                    rss.append(child.maxRSSKiB)
                    try? FileManager.default.removeItem(at: out)
                }
            }
        }
        let mb = Double(bytes) / 1_000_000
        let best = (ours: ours.min() ?? 0, plain: plain.min() ?? 0)
        return """
        pack benchmark: \(files) WAV files, \(String(format: "%.0f", mb)) MB, best of \(rounds) (release build, page cache warm)
          packer build (one pass: read, SHA-256, asset copy, pax tar): \(String(format: "%.2f s  %.0f MB/s", best.ours, mb / best.ours))
          openssl dgst -sha256 + cp + tar cf:                          \(String(format: "%.2f s  %.0f MB/s", best.plain, mb / best.plain))
          ratio packer / plain tools: best \(String(format: "%.2f", best.ours / best.plain)), median \(String(format: "%.2f", median(ours) / median(plain))) (goal ≤ 1.0)
          packer peak RSS: \(String(format: "%.1f", Double(rss.max() ?? 0) / 1024)) MB (goal ≤ 64 MB)
          until durable (each + sync): packer \(String(format: "%.2f s", oursDurable.min() ?? 0)), plain \(String(format: "%.2f s", plainDurable.min() ?? 0)), ratio \(String(format: "%.2f", (oursDurable.min() ?? 0) / max(plainDurable.min() ?? 1, 0.001)))
          all rounds (s): packer \(ours.map { String(format: "%.2f", $0) }), plain \(plain.map { String(format: "%.2f", $0) })
        """
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
