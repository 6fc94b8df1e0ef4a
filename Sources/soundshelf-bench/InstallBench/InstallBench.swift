import CatalogModel
import Foundation

/// `soundshelf-bench install [--mib 1024] [--files 64] [--rounds 2]`: publishes a ~1 GiB pack
/// (generated WAV files, the built `catalog` tool), serves it with nginx on 127.0.0.1, and installs
/// it with the built `client` as a child process (timed, peak RSS via wait4); in the same run does
/// the same work with plain tools (`curl -o` + `openssl dgst -sha256` + `tar x`). Prints both
/// times, MB/s, the ratio (goal ≤ 1.0) and the client's peak RSS (goal ≤ 64 MB).
enum InstallBench {
    static func run(_ args: [String]) throws -> String {
        let mib = BenchArgs.int(args, "--mib") ?? 1024
        let files = BenchArgs.int(args, "--files") ?? 64
        let rounds = BenchArgs.int(args, "--rounds") ?? 2
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("soundshelf-install-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        let source = work.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source.appendingPathComponent("packs"), withIntermediateDirectories: true)
        try "title: Install Bench\npacks: packs/\n".write(to: source.appendingPathComponent("catalog.yaml"), atomically: true, encoding: .utf8)
        _ = try WAVGenerator.makePack(in: source.appendingPathComponent("packs/bench-pack"), files: files, totalBytes: Int64(mib) << 20)
        let dist = work.appendingPathComponent("dist")
        let publish = try BenchProcess.run(BenchArgs.sibling("catalog"), ["publish", dist.path, "--source", source.path])
        guard publish.status == 0 else { throw BenchFailure(message: "catalog publish failed (status \(publish.status))") }
        try? FileManager.default.removeItem(at: source)
        let catalog = try CatalogJSON.decode(CatalogDocument.self, from: Data(contentsOf: dist.appendingPathComponent("catalog.json")),
                                             file: "catalog.json")
        guard let pack = catalog.packs.first, let archive = pack.archive else { throw BenchFailure(message: "no pack archive was published") }

        let nginxWork = work.appendingPathComponent("nginx")
        try FileManager.default.createDirectory(at: nginxWork, withIntermediateDirectories: true)
        let nginx = try BenchNginx(root: dist.path, work: nginxWork)
        defer { nginx.stop() }
        let client = BenchArgs.sibling("client")
        var ours: [Double] = [], plain: [Double] = [], rss: [Int] = []
        for round in 0..<rounds {
            let plainOut = work.appendingPathComponent("plain-\(round)")
            let script = """
            set -e; mkdir -p '\(plainOut.path)/files'; cd '\(plainOut.path)'
            curl -sf -o pack.tar '\(nginx.baseURL)\(archive.url)'
            openssl dgst -sha256 pack.tar > sum
            tar xf pack.tar -C files
            """
            plain.append(try Timer.measure { try BenchProcess.run("/bin/bash", ["-c", script]).status })
            try? FileManager.default.removeItem(at: plainOut)

            let root = work.appendingPathComponent("root-\(round)").path
            let sync = try BenchProcess.run(client, ["sync", "--catalog", nginx.baseURL, "--root", root])
            guard sync.status == 0 else { throw BenchFailure(message: "client sync failed (status \(sync.status))") }
            var child = BenchProcess.Outcome(status: 0, maxRSSKiB: 0)
            ours.append(try Timer.measure {
                child = try BenchProcess.run(client, ["install", pack.slug, "--root", root])
                return child.status
            })
            rss.append(child.maxRSSKiB)
            try? FileManager.default.removeItem(atPath: root)
        }
        let mb = Double(archive.bytes) / 1_000_000
        let best = (ours: ours.min() ?? 0, plain: plain.min() ?? 0)
        return """
        install benchmark: \(files) WAV files, \(String(format: "%.0f", mb)) MB archive over nginx on 127.0.0.1, best of \(rounds)
          client install (download + SHA-256 + overlapped extract + per-file SHA-256 + DB): \(String(format: "%.2f s  %.0f MB/s", best.ours, mb / best.ours))
          curl -o + openssl dgst -sha256 + tar x:                                            \(String(format: "%.2f s  %.0f MB/s", best.plain, mb / best.plain))
          ratio client / plain tools: \(String(format: "%.2f", best.ours / best.plain)) (goal ≤ 1.0)
          client peak RSS: \(String(format: "%.1f", Double(rss.max() ?? 0) / 1024)) MB (goal ≤ 64 MB)
          all rounds (s): client \(ours.map { String(format: "%.2f", $0) }), plain \(plain.map { String(format: "%.2f", $0) })
        """
    }
}
