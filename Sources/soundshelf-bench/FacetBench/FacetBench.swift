import CatalogModel
import FacetEngine
import Foundation
import LibraryClient

/// Measures the facet index on a synthetic library and returns printable figures.
///
/// ```swift
/// print(FacetBench.run(items: 100_000, seed: 42))
/// print(FacetBench.runAll(sizes: [10_000, 100_000, 1_000_000], seed: 42))
/// ```
enum FacetBench {
    /// Queries per size (random kind, random filters); the naive reference runs on `naiveQueries`.
    static let queries = 90
    /// Runs per query; the fastest counts (the machine is shared, so single runs catch preemptions).
    static let repeats = 3

    /// The figures table for one library size.
    static func run(items: Int, seed: UInt64) -> String {
        runAll(sizes: [items], seed: seed)
    }

    /// The figures table (one row per size) followed by the per-strategy counting table.
    static func runAll(sizes: [Int], seed: UInt64) -> String {
        let figures = sizes.map { measure(items: $0, seed: seed) }
        var lines = [
            "Facet index — \(queries) random filter sets per size (random kind), each timed as the best of "
                + "\(repeats) runs; times in ms (p50/p95 over the filter sets); "
                + "build and load also as CPU time in brackets (shared machine)",
            "| items | build (cpu) | load (cpu) | load+read file | counts p50/p95 | matching p50/p95 | matchCount p50 "
                + "| naive counts p50 | naive matching p50 | speedup (counts) | memory | file | mismatches |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        lines += figures.map(\.row)
        lines += [
            "", "Counting strategies (same queries), ms p50/p95",
            "| items | "
                + FacetIndex.CountingStrategy.allCases.map(\.rawValue).joined(separator: " | ") + " |",
            "|---:|" + String(repeating: "---:|", count: FacetIndex.CountingStrategy.allCases.count),
        ]
        lines += figures.map(\.strategyRow)
        lines += [
            "", "Writes on the built index, µs p50/p95 (500 each)", "| items | upsert | setVisible |",
            "|---:|---:|---:|",
        ]
        lines += figures.map(\.writeRow)
        return lines.joined(separator: "\n")
    }

    static func measure(items: Int, seed: UInt64) -> FacetBenchFigures {
        let library = FacetBenchLibrary(items: items, seed: seed)
        var figures = FacetBenchFigures(items: items)
        var index = FacetIndex()
        var buildTimes: [Double] = []
        var buildCPU: [Double] = []
        for _ in 0..<(items >= 1_000_000 ? 2 : 3) {
            let timed = FacetBenchTiming.measureBoth { () -> FacetIndex in
                var builder = FacetIndex.Builder()
                for (number, row) in library.rows.enumerated() {
                    builder.add(item: UInt32(number), kind: row.kind, visible: row.visible, tags: row.tags)
                }
                return builder.build()
            }
            buildTimes.append(timed.wall)
            buildCPU.append(timed.cpu)
            index = timed.value
        }
        figures.buildCPUMs = FacetBenchTiming.percentile(buildCPU, 0.5)
        figures.buildMs = FacetBenchTiming.percentile(buildTimes, 0.5)
        figures.memoryBytes = index.memoryBytes
        measureLoad(index, into: &figures)

        var rng = FacetBenchRNG(seed: seed ^ 0x51)
        let queries = (0..<Self.queries).map { _ in library.randomQuery(&rng) }
        for (kind, filters) in queries.prefix(5) { _ = index.counts(kind: kind, filters: filters) }
        var strategyTimes: [FacetIndex.CountingStrategy: [Double]] = [:]
        var counts: [Double] = []
        var matching: [Double] = []
        var matchCount: [Double] = []
        for (kind, filters) in queries {
            counts.append(FacetBenchTiming.best(of: repeats) { index.counts(kind: kind, filters: filters) })
            matching.append(FacetBenchTiming.best(of: repeats) { index.matching(kind: kind, filters: filters) })
            matchCount.append(FacetBenchTiming.best(of: repeats) { index.matchCount(kind: kind, filters: filters) })
            for strategy in FacetIndex.CountingStrategy.allCases {
                strategyTimes[strategy, default: []].append(
                    FacetBenchTiming.best(of: repeats) {
                        index.counts(kind: kind, filters: filters, strategy: strategy)
                    })
            }
        }
        figures.counts = (FacetBenchTiming.percentile(counts, 0.5), FacetBenchTiming.percentile(counts, 0.95))
        figures.matching = (FacetBenchTiming.percentile(matching, 0.5), FacetBenchTiming.percentile(matching, 0.95))
        figures.matchCountP50 = FacetBenchTiming.percentile(matchCount, 0.5)
        figures.strategies = FacetIndex.CountingStrategy.allCases.map { strategy in
            let samples = strategyTimes[strategy] ?? []
            return (FacetBenchTiming.percentile(samples, 0.5), FacetBenchTiming.percentile(samples, 0.95))
        }
        measureWrites(index, library: library, into: &figures)
        measureNaive(
            index, library: library, queries: Array(queries.prefix(items >= 1_000_000 ? 15 : 50)),
            into: &figures)
        return figures
    }

    /// Load from bytes in memory (p50 of 5) and from a file (read + parse).
    private static func measureLoad(_ index: FacetIndex, into figures: inout FacetBenchFigures) {
        let stamp = "bench-seed/w1"
        let data = index.serialized(stamp: stamp)
        figures.fileBytes = data.count
        let loads = (0..<5).map { _ in
            FacetBenchTiming.measureBoth { try? FacetIndex(serialized: data, expectedStamp: stamp) }
        }
        figures.loadMs = FacetBenchTiming.percentile(loads.map(\.wall), 0.5)
        figures.loadCPUMs = FacetBenchTiming.percentile(loads.map(\.cpu), 0.5)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("facet-bench-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        guard (try? data.write(to: url)) != nil else { return }
        let fileLoads = (0..<3).map { _ in
            FacetBenchTiming.measure { try? FacetIndex(contentsOf: url, expectedStamp: stamp) }.ms
        }
        figures.fileLoadMs = FacetBenchTiming.percentile(fileLoads, 0.5)
        if (try? FacetIndex(serialized: data, expectedStamp: stamp))?.itemCount != index.itemCount {
            figures.mismatches += 1
        }
    }

    /// 500 upserts (re-tagging random items with another row's tags) and 500 visibility flips.
    private static func measureWrites(
        _ original: FacetIndex, library: FacetBenchLibrary,
        into figures: inout FacetBenchFigures
    ) {
        var index = original
        var rng = FacetBenchRNG(seed: 0x3E1)
        index.setVisible(item: 0, index.isVisible(0))  // detach from `original` before timing
        var upserts: [Double] = []
        var flips: [Double] = []
        for _ in 0..<500 {
            let item = UInt32(rng.below(library.rows.count))
            let row = library.rows[rng.below(library.rows.count)]
            upserts.append(
                FacetBenchTiming.measure {
                    index.upsert(item: item, kind: row.kind, visible: row.visible, tags: row.tags)
                }.ms)
            let other = UInt32(rng.below(library.rows.count))
            let visible = !index.isVisible(other)
            flips.append(FacetBenchTiming.measure { index.setVisible(item: other, visible) }.ms)
        }
        figures.upsert = (FacetBenchTiming.percentile(upserts, 0.5), FacetBenchTiming.percentile(upserts, 0.95))
        figures.setVisible = (FacetBenchTiming.percentile(flips, 0.5), FacetBenchTiming.percentile(flips, 0.95))
    }

    /// The naive loop on a subset of the queries, checking that it agrees with the index.
    private static func measureNaive(
        _ index: FacetIndex, library: FacetBenchLibrary,
        queries: [(Kind, Filters)], into figures: inout FacetBenchFigures
    ) {
        var counts: [Double] = []
        var matching: [Double] = []
        for (kind, filters) in queries {
            let naiveCounts = FacetBenchTiming.measure {
                FacetBenchNaive.counts(library.rows, kind: kind, filters: filters)
            }
            let naiveMatching = FacetBenchTiming.measure {
                FacetBenchNaive.matching(library.rows, kind: kind, filters: filters)
            }
            counts.append(naiveCounts.ms)
            matching.append(naiveMatching.ms)
            if naiveCounts.value != index.counts(kind: kind, filters: filters)
                || naiveMatching.value != index.matching(kind: kind, filters: filters)
            {
                figures.mismatches += 1
            }
        }
        figures.naiveCountsP50 = FacetBenchTiming.percentile(counts, 0.5)
        figures.naiveMatchingP50 = FacetBenchTiming.percentile(matching, 0.5)
    }
}
