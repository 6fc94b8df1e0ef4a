import CatalogModel
import Foundation

/// `soundshelf-bench pack [--mib 1024] [--files 64] [--rounds 4]`: generates ~1 GiB of WAV files,
/// builds them with `packer build` (a child process, so its peak RSS is measured alone), and in
/// the same run does the same work with plain tools (`openssl dgst -sha256` + `cp` + `tar cf`).
/// A third side builds with `SOUNDSHELF_PAGE_CACHE_WRITES=1`, to show what writing around the
/// page cache is worth. Prints MB/s, the time ratio (goal ≤ 1.0) and peak RSS (goal ≤ 64 MB).
enum PackBench {
    enum Side: Int, CaseIterable { case plain, packer, packerPageCache }

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

        var times: [Side: [Double]] = [:]
        var durable: [Side: [Double]] = [:]
        var rss: [Side: [Int]] = [:]
        for round in 0..<rounds {
            // Rotate which side goes first: the machine's state (writeback, reclaim) after one
            // run weighs on the next, and no side should always pay it.
            let order = Side.allCases.indices.map { Side.allCases[($0 + round) % Side.allCases.count] }
            for side in order {
                let out = work.appendingPathComponent("out-\(round)-\(side.rawValue)")
                var child = BenchProcess.Outcome(status: 0, maxRSSKiB: 0)
                sync()
                let seconds = try Timer.measure {
                    switch side {
                    case .plain:
                        child = try BenchProcess.run(
                            "/bin/bash", ["-c", plainScript(audio: packDir.appendingPathComponent("audio"), out: out)])
                    case .packer, .packerPageCache:
                        child = try BenchProcess.run(
                            packer, ["build", packDir.appendingPathComponent("pack.yaml").path, "--out", out.path],
                            extraEnvironment: side == .packer ? [] : ["SOUNDSHELF_PAGE_CACHE_WRITES=1"])
                    }
                    return child.status
                }
                times[side, default: []].append(seconds)
                durable[side, default: []].append(
                    seconds
                        + (try Timer.measure {
                            sync()
                            return 0
                        }))
                rss[side, default: []].append(child.maxRSSKiB)
                try? FileManager.default.removeItem(at: out)
            }
        }
        return report(
            times: times, durable: durable, rss: rss, mb: Double(bytes) / 1_000_000, files: files, rounds: rounds)
    }

    static func plainScript(audio: URL, out: URL) -> String {
        """
        set -e; mkdir -p '\(out.path)/assets'; cd '\(audio.path)'
        openssl dgst -sha256 *.wav > '\(out.path)/sums'
        cp *.wav '\(out.path)/assets/'
        tar cf '\(out.path)/pack.tar' *.wav
        """
    }

    static func report(
        times: [Side: [Double]], durable: [Side: [Double]], rss: [Side: [Int]],
        mb: Double, files: Int, rounds: Int
    ) -> String {
        func best(_ side: Side) -> Double { times[side]?.min() ?? 0 }
        func line(_ side: Side) -> String {
            String(format: "%.2f s  %.0f MB/s", best(side), mb / max(best(side), 0.001))
        }
        func ratio(_ side: Side) -> String {
            String(
                format: "best %.2f, median %.2f", best(side) / best(.plain),
                median(times[side] ?? []) / median(times[.plain] ?? []))
        }
        func all(_ side: Side) -> String {
            (times[side] ?? []).map { String(format: "%.2f", $0) }.joined(separator: " ")
        }
        func peak(_ side: Side) -> String { String(format: "%.1f MB", Double(rss[side]?.max() ?? 0) / 1024) }
        let durableRatio = (durable[.packer]?.min() ?? 0) / max(durable[.plain]?.min() ?? 1, 0.001)
        return """
            pack benchmark: \(files) WAV files, \(String(format: "%.0f", mb)) MB, best of \(rounds) (release build, page cache warm)
              packer build (one pass: read, SHA-256, asset copy, pax tar): \(line(.packer))
              openssl dgst -sha256 + cp + tar cf:                          \(line(.plain))
              ratio packer / plain tools: \(ratio(.packer)) (goal ≤ 1.0)
              packer peak RSS: \(peak(.packer)) (goal ≤ 64 MB)
              until durable (each + sync): packer \(String(format: "%.2f s", durable[.packer]?.min() ?? 0)), plain \(String(format: "%.2f s", durable[.plain]?.min() ?? 0)), ratio \(String(format: "%.2f", durableRatio))
              for comparison, packer writing through the page cache (SOUNDSHELF_PAGE_CACHE_WRITES=1): \(line(.packerPageCache)), ratio \(ratio(.packerPageCache)), peak RSS \(peak(.packerPageCache))
              all rounds (s): packer [\(all(.packer))], plain [\(all(.plain))], page-cache packer [\(all(.packerPageCache))]
            """
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
