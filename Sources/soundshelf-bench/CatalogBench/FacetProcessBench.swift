import CatalogModel
import Foundation
import LibraryClient

/// `client facets --kind sfx` on a synced library, three ways: no filter, one location, and two
/// locations + one mood + two themes (values of ``SyntheticSeed``'s vocabulary). Each is timed as a
/// whole `client` process against the binary's start-up (`client --help`), run alternately, with
/// its peak RSS; then in process through ``Library``: a fresh process's first answer (a child that
/// opens the library and counts once) and the answer once everything is loaded.
///
/// ```sh
/// soundshelf-bench catalog-facets ROOT [--runs 15]   # ROOT synced by catalog-child import
/// ```
enum FacetProcessBench {
    struct Query {
        var label: String
        var names: [TagDimension: [String]]

        /// The `client facets` arguments asking for it.
        var arguments: [String] {
            var result = ["facets", "--kind", Kind.sfx.rawValue]
            for (dimension, flag) in [(TagDimension.location, "--location"), (.mood, "--mood"), (.sfxTheme, "--theme")]
            {
                for name in names[dimension] ?? [] { result += [flag, name] }
            }
            return result
        }

        /// `dimension=name,name;…` for the child.
        var encoded: String {
            TagDimension.allCases.compactMap { dimension in
                names[dimension].map { "\(dimension.rawValue)=" + $0.joined(separator: ",") }
            }.joined(separator: ";")
        }

        static func decode(_ text: String) -> [TagDimension: [String]] {
            var names: [TagDimension: [String]] = [:]
            for part in text.split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, let dimension = TagDimension(rawValue: String(pair[0])) else { continue }
                names[dimension] = pair[1].split(separator: ",").map(String.init)
            }
            return names
        }
    }

    static let queries = [
        Query(label: "no filter", names: [:]),
        Query(label: "1 location", names: [.location: ["Location 3"]]),
        Query(
            label: "2 loc. + 1 mood + 2 themes",
            names: [
                .location: ["Location 3", "Location 8"], .mood: ["Mood 5"],
                .sfxTheme: ["Sfx Theme 12", "Sfx Theme 40"],
            ]),
    ]

    /// The whole-process rows: `runs` rounds of `client --help` and each query, in turn, timed
    /// from here; then each command's peak RSS, the largest of three runs under GNU time (a child
    /// spawned by this process would start its peak from this process's).
    static func processRows(root: URL, runs: Int) throws -> [String] {
        let client = BenchArgs.sibling("client")
        let commands = [["--help"]] + queries.map { $0.arguments + ["--root", root.path] }
        var times = Array(repeating: [Double](), count: commands.count)
        for _ in 0..<runs {
            for (n, arguments) in commands.enumerated() {
                times[n].append(try Timer.measure { try BenchProcess.run(client, arguments).status })
            }
        }
        let scratch = root.deletingLastPathComponent()
        let peaks = try commands.map { arguments in
            try (0..<3).map { _ in
                let run = try BenchProcess.measuredPeak([client] + arguments, scratch: scratch)
                guard run.status == 0 else { throw BenchFailure(message: "client exited with status \(run.status)") }
                return run.peakKiB
            }.max() ?? 0
        }
        let start = CatalogBench.Stats(times[0])
        var rows = [CatalogBench.row("`client --help` (start-up)", start.text + ", peak RSS \(mib(peaks[0]))")]
        for (n, query) in queries.enumerated() {
            let whole = CatalogBench.Stats(times[n + 1])
            rows.append(
                CatalogBench.row(
                    "`client facets`, \(query.label)",
                    whole.text
                        + String(format: ", %.2f× start-up", whole.p50 / start.p50)
                        + ", peak RSS \(mib(peaks[n + 1]))"))
        }
        return rows
    }

    static func mib(_ kib: Int) -> String { String(format: "%.1f MiB", Double(kib) / 1024) }

    /// The in-process rows: each query's first answer in a fresh child process (opening the
    /// library included), then its answer from a library that has answered it before.
    static func inProcessRows(root: URL, runs: Int) async throws -> [String] {
        let out = root.deletingLastPathComponent().appendingPathComponent("first-facets.txt")
        var rows: [String] = []
        for query in queries {
            var open: [Double] = []
            var first: [Double] = []
            for _ in 0..<runs {
                try? FileManager.default.removeItem(at: out)
                let outcome = try BenchProcess.run(
                    CommandLine.arguments[0], ["catalog-child", "first-facets", root.path, out.path, query.encoded])
                guard outcome.status == 0, let text = try? String(contentsOf: out, encoding: .utf8) else {
                    throw BenchFailure(message: "catalog-child first-facets failed (status \(outcome.status))")
                }
                let figures = text.split(separator: " ").compactMap { Double($0) }
                guard figures.count == 2 else { throw BenchFailure(message: "unexpected first-facets output: \(text)") }
                open.append(figures[0])
                first.append(figures[1])
            }
            rows.append(
                CatalogBench.row(
                    "fresh process, \(query.label)",
                    String(
                        format: "open p50 %.2f ms, first answer p50 %.2f ms, p95 %.2f ms",
                        CatalogBench.Stats(open).p50 * 1000, CatalogBench.Stats(first).p50 * 1000,
                        CatalogBench.Stats(first).p95 * 1000)))
        }
        let library = try Library(root: root)
        for query in queries {
            _ = try await library.facets.fetchFacetCounts(kind: .sfx, filterNames: query.names)
            var samples: [Double] = []
            for _ in 0..<max(runs, 20) {
                samples.append(
                    try await Timer.measureAsync {
                        _ = try await library.facets.fetchFacetCounts(kind: .sfx, filterNames: query.names)
                    })
            }
            rows.append(CatalogBench.row("in process, loaded, \(query.label)", CatalogBench.Stats(samples).text))
        }
        return rows
    }

    /// `soundshelf-bench catalog-facets ROOT [--runs N]`.
    static func run(_ args: [String]) async throws -> String {
        guard let path = args.first, !path.hasPrefix("-") else {
            throw BenchFailure(message: "usage: soundshelf-bench catalog-facets ROOT [--runs N]")
        }
        let root = URL(fileURLWithPath: path)
        let runs = BenchArgs.int(args, "--runs") ?? 15
        var report = ["client facets --kind sfx on \(root.path), \(runs) runs each"]
        report += try processRows(root: root, runs: runs)
        report += try await inProcessRows(root: root, runs: runs)
        return report.joined(separator: "\n")
    }

    /// The child: opens the library, counts once, writes "openSeconds firstSeconds" to OUT.
    static func child(_ args: [String]) async throws -> String {
        guard args.count >= 2 else {
            throw BenchFailure(message: "usage: catalog-child first-facets ROOT OUT [FILTERS]")
        }
        let names = Query.decode(args.count > 2 ? args[2] : "")
        let started = DispatchTime.now().uptimeNanoseconds
        let library = try Library(root: URL(fileURLWithPath: args[0]))
        let opened = DispatchTime.now().uptimeNanoseconds
        _ = try await library.facets.fetchFacetCounts(kind: .sfx, filterNames: names)
        let done = DispatchTime.now().uptimeNanoseconds
        let text = "\(Double(opened - started) / 1e9) \(Double(done - opened) / 1e9)"
        try text.write(toFile: args[1], atomically: true, encoding: .utf8)
        return text
    }

}
