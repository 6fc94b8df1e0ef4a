import Foundation

/// `soundshelf-bench analysis [--mib 1024] [--files 16] [--rounds 1]`: `packer build` of 48 kHz
/// stereo WAV files with the sound analysis (an empty analysis cache each round), against the
/// same work done by the usual tools one after another (`ffmpeg -af ebur128=peak=true` per file,
/// then `openssl dgst -sha256` and `tar cf`), and a rebuild of the unchanged pack (a new output
/// folder, the cache warm). Goals: ratio ≤ 0.6, peak RSS ≤ 128 MB, rebuild ≤ 0.1 of the build.
enum AnalysisBench {
    static func run(_ args: [String]) throws -> String {
        let mib = BenchArgs.int(args, "--mib") ?? 1024
        let files = BenchArgs.int(args, "--files") ?? 16
        let rounds = BenchArgs.int(args, "--rounds") ?? 1
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundshelf-analysis-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let packDir = work.appendingPathComponent("pack")
        let bytes = try WAVGenerator.makePack(in: packDir, files: files, totalBytes: Int64(mib) << 20)
        let packer = BenchArgs.sibling("packer")
        let yaml = packDir.appendingPathComponent("pack.yaml").path

        var build: [Double] = []
        var rebuild: [Double] = []
        var tools: [Double] = []
        var rss: [Int] = []
        var rebuildRSS: [Int] = []
        for round in 0..<rounds {
            let cache = work.appendingPathComponent("cache-\(round)")
            let env = ["XDG_CACHE_HOME=\(cache.path)"]
            var child = BenchProcess.Outcome(status: 0, maxRSSKiB: 0)
            build.append(
                try Timer.measure {
                    child = try BenchProcess.run(
                        packer, ["build", yaml, "--out", work.appendingPathComponent("out-\(round)").path],
                        extraEnvironment: env)
                    return child.status
                })
            rss.append(child.maxRSSKiB)
            rebuild.append(
                try Timer.measure {
                    child = try BenchProcess.run(
                        packer, ["build", yaml, "--out", work.appendingPathComponent("again-\(round)").path],
                        extraEnvironment: env)
                    return child.status
                })
            rebuildRSS.append(child.maxRSSKiB)
            let out = work.appendingPathComponent("tools-\(round)")
            tools.append(
                try Timer.measure {
                    try BenchProcess.run(
                        "/bin/bash", ["-c", toolsScript(audio: packDir.appendingPathComponent("audio"), out: out)]
                    ).status
                })
            for name in ["out-\(round)", "again-\(round)", "tools-\(round)", "cache-\(round)"] {
                try? FileManager.default.removeItem(at: work.appendingPathComponent(name))
            }
        }
        let b = build.min() ?? 0
        let t = tools.min() ?? 0
        let r = rebuild.min() ?? 0
        let mb = Double(bytes) / 1_000_000
        return """
            analysis benchmark: \(files) WAV files (48 kHz stereo 16-bit), \(String(format: "%.0f", mb)) MB, best of \(rounds) (release build)
              packer build with analysis (empty cache): \(String(format: "%.2f s  %.0f MB/s", b, mb / max(b, 0.001)))
              ffmpeg ebur128 per file + openssl dgst -sha256 + tar cf: \(String(format: "%.2f s  %.0f MB/s", t, mb / max(t, 0.001)))
              ratio packer / tools: \(String(format: "%.2f", b / max(t, 0.001))) (goal ≤ 0.6)
              packer peak RSS: \(String(format: "%.1f MB", Double(rss.max() ?? 0) / 1024)) (goal ≤ 128 MB)
              rebuild of the unchanged pack (cache warm): \(String(format: "%.2f s", r)), \(String(format: "%.3f", r / max(b, 0.001))) of the build (goal ≤ 0.1), peak RSS \(String(format: "%.1f MB", Double(rebuildRSS.max() ?? 0) / 1024))
            """
    }

    static func toolsScript(audio: URL, out: URL) -> String {
        """
        set -e; mkdir -p '\(out.path)'; cd '\(audio.path)'
        for f in *.wav; do ffmpeg -nostdin -hide_banner -nostats -i "$f" -af ebur128=peak=true -f null - 2>/dev/null; done
        openssl dgst -sha256 *.wav > '\(out.path)/sums'
        tar cf '\(out.path)/pack.tar' *.wav
        """
    }
}
