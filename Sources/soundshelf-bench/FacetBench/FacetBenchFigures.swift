/// What ``FacetBench`` measured for one library size.
struct FacetBenchFigures {
    var items: Int
    var buildMs = 0.0
    var buildCPUMs = 0.0
    var loadMs = 0.0
    var loadCPUMs = 0.0
    var fileLoadMs = 0.0
    var counts = (p50: 0.0, p95: 0.0)
    var matching = (p50: 0.0, p95: 0.0)
    var matchCountP50 = 0.0
    var strategies: [(p50: Double, p95: Double)] = []
    var upsert = (p50: 0.0, p95: 0.0)
    var setVisible = (p50: 0.0, p95: 0.0)
    var naiveCountsP50 = 0.0
    var naiveMatchingP50 = 0.0
    var memoryBytes = 0
    var fileBytes = 0
    /// Queries where the index and the naive loop disagreed (must be 0).
    var mismatches = 0

    private func pair(_ figures: (p50: Double, p95: Double)) -> String {
        "\(FacetBenchTiming.format(figures.p50)) / \(FacetBenchTiming.format(figures.p95))"
    }

    var row: String {
        let speedup = counts.p50 > 0 ? String(format: "%.0f×", naiveCountsP50 / counts.p50) : "-"
        return "| \(items) | \(FacetBenchTiming.format(buildMs)) (\(FacetBenchTiming.format(buildCPUMs))) "
            + "| \(FacetBenchTiming.format(loadMs)) (\(FacetBenchTiming.format(loadCPUMs))) "
            + "| \(FacetBenchTiming.format(fileLoadMs)) | \(pair(counts)) | \(pair(matching)) "
            + "| \(FacetBenchTiming.format(matchCountP50)) | \(FacetBenchTiming.format(naiveCountsP50)) "
            + "| \(FacetBenchTiming.format(naiveMatchingP50)) | \(speedup) "
            + "| \(FacetBenchTiming.megabytes(memoryBytes)) | \(FacetBenchTiming.megabytes(fileBytes)) | \(mismatches) |"
    }

    var strategyRow: String {
        "| \(items) | " + strategies.map(pair).joined(separator: " | ") + " |"
    }

    var writeRow: String {
        func micros(_ figures: (p50: Double, p95: Double)) -> String {
            String(format: "%.1f / %.1f", figures.p50 * 1_000, figures.p95 * 1_000)
        }
        return "| \(items) | \(micros(upsert)) | \(micros(setVisible)) |"
    }
}
