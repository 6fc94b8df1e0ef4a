import CatalogModel
import Foundation
import LibraryClient
import SyntheticData

/// `soundshelf-bench catalog --items N [--queries N]`: generates a synthetic catalog, imports it
/// in a child process (time + peak RSS), then times facet counts and filtered list pages with
/// the facet index and with plain SQL on the same database, and whole `client facets` runs.
enum CatalogBench {
    static func run(_ args: [String]) async throws -> String {
        let items = BenchArgs.int(args, "--items") ?? 100_000
        let queries = BenchArgs.int(args, "--queries") ?? 200
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundshelf-catalog-bench-\(items)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dist = folder.appendingPathComponent("dist")
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: dist, withIntermediateDirectories: true)
        var report = ["catalog benchmark: \(items) items, \(queries) queries per measurement"]

        // Generate and import in child processes: Linux carries ru_maxrss over fork and exec, so
        // the parent stays small for the import's peak RSS to be its own.
        let generate = try Timer.measure {
            try BenchProcess.run(CommandLine.arguments[0], ["catalog-child", "generate", dist.path, "\(items)"]).status
        }
        report.append(row("generate seed + catalog.json", String(format: "%.2f s", generate)))
        var outcome = BenchProcess.Outcome(status: 0, maxRSSKiB: 0)
        let importTime = try Timer.measure {
            outcome = try BenchProcess.run(CommandLine.arguments[0], ["catalog-child", "import", root.path, dist.path])
            return outcome.status
        }
        report.append(
            row(
                "first sync (fetch, verify, decode, import, index)",
                String(format: "%.2f s, peak RSS %d MiB", importTime, outcome.maxRSSKiB / 1024)))
        let forced = try Timer.measure {
            outcome = try BenchProcess.run(
                CommandLine.arguments[0], ["catalog-child", "import", root.path, dist.path, "--force"])
            return outcome.status
        }
        report.append(
            row(
                "forced re-sync (update path, nothing changed)",
                String(format: "%.2f s, peak RSS %d MiB", forced, outcome.maxRSSKiB / 1024)))
        let dist2 = folder.appendingPathComponent("dist2")
        _ = try BenchProcess.run(
            CommandLine.arguments[0], ["catalog-child", "generate", dist2.path, "\(items)", "--update"])
        let update = try Timer.measure {
            outcome = try BenchProcess.run(
                CommandLine.arguments[0], ["catalog-child", "import", root.path, dist2.path])
            return outcome.status
        }
        report.append(
            row(
                "update sync (a pack gone, 1 in 10 retitled, 1% new)",
                String(format: "%.2f s, peak RSS %d MiB", update, outcome.maxRSSKiB / 1024)))

        let indexed = try Library(root: root, mode: .facetIndex)
        let plain = try Library(root: root, mode: .sql)
        report.append(try await UserStateBench.populate(plain, favorites: items / 20, scenes: 50, perScene: 40))
        let filters = try await randomFilters(plain, count: queries)
        _ = try await indexed.facets.fetchFacetCounts(kind: .sfx, filters: Filters())  // load the index once
        for (label, library) in [("index", indexed), ("sql", plain)] {
            let facet = try await measure(filters) {
                _ = try await library.facets.fetchFacetCounts(kind: $0.0, filters: $0.1)
            }
            let list = try await measure(filters) {
                _ = try await library.items.fetchItems(
                    kind: $0.0, filters: $0.1, sort: .title, page: PageRequest(limit: 50))
            }
            report.append(row("facets (\(label))", facet.text))
            report.append(row("list page of 50 (\(label))", list.text))
            report += try await UserStateBench.measure(label, library, filters)
        }
        report += try FreshProcessBench.run(root: root, filters: filters, processes: 30)
        report += try FacetProcessBench.processRows(root: root, runs: 15)
        report += try await FacetProcessBench.inProcessRows(root: root, runs: 15)
        return report.joined(separator: "\n")
    }

    /// The child-process half: `soundshelf-bench catalog-child generate DIR N` or
    /// `catalog-child import ROOT CATALOG [--force]`.
    static func runChild(_ args: [String]) async throws -> String {
        switch (args.first, args.count) {
        case ("generate", 3...):
            try SyntheticCatalog(items: Int(args[2]) ?? 100_000, updated: args.contains("--update"))
                .write(to: URL(fileURLWithPath: args[1]))
            return "generated \(args[2]) items in \(args[1])"
        case ("import", 3...):
            let library = try Library(root: URL(fileURLWithPath: args[1]), mode: .facetIndex)
            let result = try await library.sync(
                SyncOptions(catalog: try CatalogLocation(args[2]).catalogURL, force: args.contains("--force")))
            return "inserted \(result.inserted), updated \(result.updated), hidden \(result.hidden)"
        case ("publish-version", 5...):
            return try DeltaBench.child(
                dist: args[1], items: Int(args[2]) ?? 0, version: Int(args[3]) ?? 1, out: args[4])
        case ("first-list", 5...):
            return try await FreshProcessBench.child(Array(args.dropFirst()))
        case ("first-facets", 3...):
            return try await FacetProcessBench.child(Array(args.dropFirst()))
        default:
            throw BenchFailure(
                message:
                    "usage: catalog-child generate DIR N [--update] | catalog-child import ROOT CATALOG [--force] | catalog-child first-list ROOT OUT KIND FILTERS | catalog-child first-facets ROOT OUT [FILTERS]"
            )
        }
    }

    static func row(_ label: String, _ value: String) -> String {
        label.padding(toLength: 52, withPad: " ", startingAt: 0) + value
    }

    struct Stats {
        var p50: Double, p95: Double
        init(_ samples: [Double]) {
            let sorted = samples.sorted()
            p50 = sorted[sorted.count / 2]
            p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
        }
        var text: String { String(format: "p50 %.2f ms, p95 %.2f ms", p50 * 1000, p95 * 1000) }
    }

    static func measure(_ filters: [(Kind, Filters)], _ body: ((Kind, Filters)) async throws -> Void) async throws
        -> Stats
    {
        var samples: [Double] = []
        for query in filters {
            let start = DispatchTime.now().uptimeNanoseconds
            try await body(query)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return Stats(samples)
    }

    /// Random filters over the kinds: 0–2 values in 0–3 of the kind's dimensions.
    static func randomFilters(_ library: Library, count: Int) async throws -> [(Kind, Filters)] {
        var rng = SplitMix64(seed: 7)
        var result: [(Kind, Filters)] = []
        for i in 0..<count {
            let kind: Kind = [.sfx, .atmosphere, .sfx, .music][i % 4]
            let values = try await library.facets.fetchValues(kind: kind)
            var filters = Filters()
            for dim in kind.dimensions where Int.random(in: 0..<3, using: &rng) == 0 {
                let pool = values[dim] ?? []
                guard !pool.isEmpty else { continue }
                for _ in 0..<Int.random(in: 1...2, using: &rng) {
                    filters[dim].append(pool[SyntheticSeed.skewed(pool.count, &rng)].id)
                }
            }
            result.append((kind, filters))
        }
        return result
    }
}
