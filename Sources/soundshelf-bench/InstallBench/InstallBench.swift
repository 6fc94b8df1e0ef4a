import CatalogModel
import Foundation

/// `soundshelf-bench install [--mib 1024] [--files 64] [--rounds 2] [--env NAME=value] [--wrap "perf record -g -o /tmp/p.data --"]`: publishes a ~1 GiB pack
/// (generated WAV files, the built `catalog` tool), serves it with nginx on 127.0.0.1, and installs
/// it with the built `client` as a child process (timed, peak RSS via wait4); in the same run does
/// the same work with plain tools (`curl -o` + `openssl dgst -sha256` + `tar x`). Prints both
/// times (best and median), MB/s, the ratio (goal ≤ 1.0), the same "until durable" (each step
/// followed by `sync`), the client's peak RSS (goal ≤ 64 MB) and the load average.
///
/// Memory must not grow with the pack: each round also installs a one-file pack (1 MiB) from the
/// same catalog, and the bench prints how much more the 1 GiB install's peak RSS is (goal ≤ 16 MB).
/// `--env NAME=value` (repeatable) is added to the client's environment (e.g.
/// `SOUNDSHELF_HTTP_TRANSPORT=urlsession` to measure URLSession on Linux).
///
/// Fairness: every timed step starts after a `sync`, so neither pays for the other's dirty pages
/// (the kernel's dirty-page throttling otherwise punishes whichever runs second), and the order
/// of the two steps alternates from round to round. CPU seconds (user + system) are printed too:
/// on a shared machine they vary much less than wall time. `--wrap` prefixes the client command
/// (a profiler; its figures then include the profiler).
enum InstallBench {
    static func run(_ args: [String]) throws -> String {
        let mib = BenchArgs.int(args, "--mib") ?? 1024
        let files = BenchArgs.int(args, "--files") ?? 64
        let rounds = BenchArgs.int(args, "--rounds") ?? 2
        let wrap =
            args.firstIndex(of: "--wrap").flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil }?
            .split(separator: " ").map(String.init) ?? []
        let clientEnvironment = args.indices.filter { args[$0] == "--env" && $0 + 1 < args.count }.map { args[$0 + 1] }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("soundshelf-install-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let loadBefore = LoadAverage.now()

        let source = work.appendingPathComponent("source")
        try FileManager.default.createDirectory(
            at: source.appendingPathComponent("packs"), withIntermediateDirectories: true)
        try "title: Install Bench\npacks: packs/\n".write(
            to: source.appendingPathComponent("catalog.yaml"), atomically: true, encoding: .utf8)
        _ = try WAVGenerator.makePack(
            in: source.appendingPathComponent("packs/bench-pack"), files: files, totalBytes: Int64(mib) << 20)
        _ = try WAVGenerator.makePack(
            in: source.appendingPathComponent("packs/one-file-pack"), files: 1, totalBytes: 1 << 20,
            slug: "one-file-pack")
        let dist = work.appendingPathComponent("dist")
        let publish = try BenchProcess.run(
            // Schema 1: the pack entries (archive and all) are in catalog.json, read just below.
            BenchArgs.sibling("catalog"), ["publish", dist.path, "--source", source.path, "--schema-version", "1"])
        guard publish.status == 0 else {
            throw BenchFailure(message: "catalog publish failed (status \(publish.status))")
        }
        try? FileManager.default.removeItem(at: source)
        let catalog = try CatalogJSON.decode(
            CatalogDocument.self, from: Data(contentsOf: dist.appendingPathComponent("catalog.json")),
            file: "catalog.json")
        guard let pack = catalog.packs.first(where: { $0.slug == "bench-pack" }), let archive = pack.archive,
            let small = catalog.packs.first(where: { $0.slug == "one-file-pack" })
        else {
            throw BenchFailure(message: "the bench packs were not published")
        }

        let nginxWork = work.appendingPathComponent("nginx")
        try FileManager.default.createDirectory(at: nginxWork, withIntermediateDirectories: true)
        let nginx = try BenchNginx(root: dist.path, work: nginxWork)
        defer { nginx.stop() }
        let client = BenchArgs.sibling("client")
        var ours = Samples()
        var plain = Samples()
        var rss: [Int] = []
        var smallRSS: [Int] = []
        var oursCPU: [Double] = []
        var plainCPU: [Double] = []

        func runPlain(_ round: Int) throws {
            let plainOut = work.appendingPathComponent("plain-\(round)")
            let script = """
                set -e; mkdir -p '\(plainOut.path)/files'; cd '\(plainOut.path)'
                curl -sf -o pack.tar '\(nginx.baseURL)\(archive.url)'
                openssl dgst -sha256 pack.tar > sum
                tar xf pack.tar -C files
                """
            sync()
            try plain.add {
                let outcome = try BenchProcess.run("/bin/bash", ["-c", script])
                plainCPU.append(outcome.cpuSeconds)
                return outcome.status
            }
            try? FileManager.default.removeItem(at: plainOut)
        }

        func runClient(_ round: Int) throws {
            let root = work.appendingPathComponent("root-\(round)").path
            let prepared = try BenchProcess.run(client, ["sync", "--catalog", nginx.baseURL, "--root", root])
            guard prepared.status == 0 else {
                throw BenchFailure(message: "client sync failed (status \(prepared.status))")
            }
            var child = BenchProcess.Outcome(status: 0, maxRSSKiB: 0)
            sync()
            try ours.add {
                let command = wrap.isEmpty ? [client] : wrap + [client]
                child = try BenchProcess.run(
                    command[0], Array(command.dropFirst()) + ["install", pack.slug, "--root", root],
                    extraEnvironment: clientEnvironment)
                return child.status
            }
            rss.append(child.maxRSSKiB)
            oursCPU.append(child.cpuSeconds)
            let one = try BenchProcess.run(
                client, ["install", small.slug, "--root", root], extraEnvironment: clientEnvironment)
            guard one.status == 0 else {
                throw BenchFailure(message: "client install of the one-file pack failed (status \(one.status))")
            }
            smallRSS.append(one.maxRSSKiB)
            try? FileManager.default.removeItem(atPath: root)
        }

        for round in 0..<rounds {
            // Alternate the order so that neither side always runs first.
            if round % 2 == 0 {
                try runPlain(round)
                try runClient(round)
            } else {
                try runClient(round)
                try runPlain(round)
            }
        }
        sync()
        let loadAfter = LoadAverage.now()
        let mb = Double(archive.bytes) / 1_000_000
        func f(_ x: Double) -> String { String(format: "%.2f", x) }
        func rssMB(_ kib: Int) -> String { String(format: "%.1f", Double(kib) / 1024) }
        func mbs(_ kibs: [Int]) -> String { kibs.map(rssMB).joined(separator: ", ") + " MB" }
        func line(_ s: Samples) -> String {
            String(
                format: "best %.2f s (%.0f MB/s), median %.2f s (%.0f MB/s)", s.best, mb / s.best, s.median,
                mb / s.median)
        }
        return """
            install benchmark: \(files) WAV files, \(String(format: "%.0f", mb)) MB archive over nginx on 127.0.0.1, \(rounds) rounds (sync before each step)
              client install (download + SHA-256 + overlapped extract + per-file SHA-256 + DB): \(line(ours))
              curl -o + openssl dgst -sha256 + tar x:                                            \(line(plain))
              ratio client / plain tools: best \(f(ours.best / plain.best)), median \(f(ours.median / plain.median)) (goal ≤ 1.0)
              until durable (each + sync): client best \(f(ours.bestDurable)) s, median \(f(ours.medianDurable)) s; plain best \(f(plain.bestDurable)) s, median \(f(plain.medianDurable)) s; ratio best \(f(ours.bestDurable / plain.bestDurable)), median \(f(ours.medianDurable / plain.medianDurable))
              client peak RSS: \(String(format: "%.1f", Double(rss.max() ?? 0) / 1024)) MB max, \(String(format: "%.1f", Double(rss.min() ?? 0) / 1024)) MB min (goal ≤ 64 MB)
              one-file pack (1 MiB) install peak RSS: \(mbs(smallRSS)); 1 GiB install: \(mbs(rss))
              peak RSS growth 1 GiB vs one-file: max \(rssMB((rss.max() ?? 0) - (smallRSS.min() ?? 0))) MB, median \(rssMB(Int(Samples.median(rss.map(Double.init)) - Samples.median(smallRSS.map(Double.init))))) MB (goal ≤ 16 MB)\(clientEnvironment.isEmpty ? "" : "\n  client environment: \(clientEnvironment.joined(separator: " "))")
              CPU (user + sys) median: client \(f(Samples.median(oursCPU))) s, plain \(f(Samples.median(plainCPU))) s; all rounds: client \(oursCPU.map(f)), plain \(plainCPU.map(f))
              load average (1/5/15 min): before \(loadBefore), after \(loadAfter)
              all rounds (s): client \(ours.times.map(f)), plain \(plain.times.map(f))
              all rounds durable (s): client \(ours.durable.map(f)), plain \(plain.durable.map(f))
            """
    }
}

/// Wall-clock times of one step over the rounds, with and without the `sync` that follows it.
struct Samples {
    var times: [Double] = []
    var durable: [Double] = []

    mutating func add(_ body: () throws -> Int32) throws {
        let t = try Timer.measure(body)
        times.append(t)
        durable.append(
            t
                + (try Timer.measure {
                    sync()
                    return 0
                }))
    }

    var best: Double { times.min() ?? 0 }
    var median: Double { Self.median(times) }
    var bestDurable: Double { durable.min() ?? 0 }
    var medianDurable: Double { Self.median(durable) }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}

enum LoadAverage {
    static func now() -> String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "?" }
        return loads.map { String(format: "%.2f", $0) }.joined(separator: " ")
    }
}
