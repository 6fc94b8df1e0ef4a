import Foundation

/// `soundshelf-bench sync [--items 100000] [--rounds 4] [--schema 1|2]`: a first `client sync` of
/// a synthetic catalog (published as one seed, or as schema 2's compressed shards) against SQLite
/// bulk-loading the very rows that sync writes.
///
/// The reference side is the `sqlite3` command-line tool reading a plain SQL dump of the database
/// a `client sync` created (`sqlite3 library.sqlite .dump`, with journal and fsync off prepended):
/// `sqlite3 new.db < dump.sql` as a whole process. The client side is the whole `client sync`
/// process (fetch from a folder, verify, decode, validate, write, FTS, facet index). Both start
/// after a `sync`, the order alternates from round to round, and the figures are best and median
/// wall time, the ratio (goal ≤ 1.0), the client's peak RSS (goal ≤ 200 MB), CPU time and the
/// load average (the machine is shared).
enum SyncBench {
    static func run(_ args: [String]) throws -> String {
        let items = BenchArgs.int(args, "--items") ?? 100_000
        let rounds = BenchArgs.int(args, "--rounds") ?? 4
        let schema = BenchArgs.int(args, "--schema") ?? 1
        let sqlite = "sqlite3"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundshelf-sync-bench-\(items)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dist = folder.appendingPathComponent("dist")
        try FileManager.default.createDirectory(at: dist, withIntermediateDirectories: true)
        let loadBefore = LoadAverage.now()
        let generated = try BenchProcess.run(
            CommandLine.arguments[0],
            schema == 2
                ? [
                    "catalog-child", "publish-version", dist.path, "\(items)", "1",
                    folder.appendingPathComponent("w").path,
                ]
                : ["catalog-child", "generate", dist.path, "\(items)"])
        guard generated.status == 0 else {
            throw BenchFailure(message: "generating the catalog failed (status \(generated.status))")
        }

        let client = BenchArgs.sibling("client")
        func clientSync(_ root: URL) throws -> BenchProcess.Outcome {
            try? FileManager.default.removeItem(at: root)
            return try BenchProcess.run(client, ["sync", "--catalog", dist.path, "--root", root.path])
        }
        // The dump: exactly the rows (and schema, indexes, FTS shadow tables) a sync writes.
        let first = folder.appendingPathComponent("root-dump")
        guard try clientSync(first).status == 0 else {
            throw BenchFailure(message: "client sync failed; build it first (swift build -c release)")
        }
        let dump = folder.appendingPathComponent("dump.sql")
        _ = FileManager.default.createFile(
            atPath: dump.path, contents: Data("PRAGMA journal_mode=OFF;\nPRAGMA synchronous=OFF;\n".utf8))
        let body = folder.appendingPathComponent("dump-body.sql")
        let dumped = try BenchProcess.run(
            "/bin/sh",
            [
                "-c",
                "\(sqlite) '\(first.path)/library.sqlite' .dump > '\(body.path)' && cat '\(body.path)' >> '\(dump.path)'",
            ])
        guard dumped.status == 0 else {
            throw BenchFailure(
                message:
                    "sqlite3 .dump failed (status \(dumped.status)); run scripts/bootstrap (Debian package sqlite3)")
        }
        let dumpBytes =
            (try FileManager.default.attributesOfItem(atPath: dump.path)[.size] as? NSNumber)?.int64Value ?? 0
        try? FileManager.default.removeItem(at: body)
        try? FileManager.default.removeItem(at: first)

        var ours = Samples()
        var plain = Samples()
        var rss: [Int] = []
        var oursCPU: [Double] = []
        var plainCPU: [Double] = []
        let newDB = folder.appendingPathComponent("new.db")
        func runPlain() throws {
            try? FileManager.default.removeItem(at: newDB)
            sync()
            try plain.add {
                let outcome = try BenchProcess.run(sqlite, [newDB.path], standardInput: dump.path)
                plainCPU.append(outcome.cpuSeconds)
                return outcome.status
            }
        }
        func runClient(_ round: Int) throws {
            let root = folder.appendingPathComponent("root-\(round)")
            try? FileManager.default.removeItem(at: root)
            sync()
            var child = BenchProcess.Outcome(status: 0, maxRSSKiB: 0)
            try ours.add {
                child = try clientSync(root)
                return child.status
            }
            rss.append(child.maxRSSKiB)
            oursCPU.append(child.cpuSeconds)
            try? FileManager.default.removeItem(at: root)
        }
        for round in 0..<rounds {
            if round % 2 == 0 {
                try runPlain()
                try runClient(round)
            } else {
                try runClient(round)
                try runPlain()
            }
        }
        let loadAfter = LoadAverage.now()
        func f(_ x: Double) -> String { String(format: "%.2f", x) }
        func line(_ s: Samples) -> String { "best \(f(s.best)) s, median \(f(s.median)) s" }
        return """
            sync benchmark: first sync of \(items) items (schema \(schema)) vs sqlite3 loading the same database from a \(dumpBytes / 1_000_000) MB SQL dump (journal and fsync off), \(rounds) rounds, order alternating
              client sync (whole process):   \(line(ours))
              sqlite3 new.db < dump.sql:     \(line(plain))
              ratio client / sqlite3: best \(f(ours.best / plain.best)), median \(f(ours.median / plain.median)) (goal ≤ 1.0)
              client peak RSS: \(String(format: "%.1f", Double(rss.max() ?? 0) / 1024)) MiB max, \(String(format: "%.1f", Double(rss.min() ?? 0) / 1024)) MiB min (goal ≤ 200 MB)
              CPU (user + sys) median: client \(f(Samples.median(oursCPU))) s, sqlite3 \(f(Samples.median(plainCPU))) s
              load average (1/5/15 min): before \(loadBefore), after \(loadAfter)
              all rounds (s): client \(ours.times.map(f)), sqlite3 \(plain.times.map(f))
            """
    }
}
