import Foundation

/// `soundshelf-bench serve [--items 100000] [--connections 50] [--seconds 20]`: imports a synthetic
/// catalog, starts the release-built `client serve` on loopback, and loads `GET /api/facets` with
/// `wrk` (requests per second, latency percentiles, errors). Goal: p99 ≤ 20 ms, no errors.
enum ServeBench {
    static func run(_ args: [String]) async throws -> String {
        let items = BenchArgs.int(args, "--items") ?? 100_000
        let connections = BenchArgs.int(args, "--connections") ?? 50
        let seconds = BenchArgs.int(args, "--seconds") ?? 20
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundshelf-serve-bench-\(items)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dist = folder.appendingPathComponent("dist")
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: dist, withIntermediateDirectories: true)
        for step in [["generate", dist.path, "\(items)"], ["import", root.path, dist.path]] {
            let outcome = try BenchProcess.run(CommandLine.arguments[0], ["catalog-child"] + step)
            guard outcome.status == 0 else { throw BenchFailure(message: "catalog-child \(step[0]) failed") }
        }
        let server = try ServerProcess(client: BenchArgs.sibling("client"), root: root.path)
        defer { server.stop() }
        var report = [
            "serve benchmark: \(items) items, wrk -t2 -c\(connections) -d\(seconds)s on loopback, load average "
                + loadAverage()
        ]
        for path in ["api/facets?kind=sfx", "api/facets?kind=atmosphere&mood=1"] {
            // Warm the facet index and the connection pool first.
            _ = try wrk(server.url + path, connections: connections, seconds: 1)
            let output = try wrk(server.url + path, connections: connections, seconds: seconds)
            report.append(CatalogBench.row("GET /\(path)", WrkReport(output).text))
        }
        return report.joined(separator: "\n")
    }

    static func wrk(_ url: String, connections: Int, seconds: Int) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["wrk", "-t2", "-c\(connections)", "-d\(seconds)s", "--latency", url]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchFailure(message: "wrk failed (is it installed?)") }
        return String(decoding: data, as: UTF8.self)
    }

    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}

/// The figures of one `wrk --latency` run.
struct WrkReport {
    var requestsPerSecond = "?"
    var p50 = "?"
    var p99 = "?"
    var errors = "none"

    init(_ output: String) {
        for line in output.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if line.hasPrefix("Requests/sec:"), fields.count > 1 { requestsPerSecond = String(fields[1]) }
            if line.hasPrefix("50%"), fields.count > 1 { p50 = String(fields[1]) }
            if line.hasPrefix("99%"), fields.count > 1 { p99 = String(fields[1]) }
            if line.hasPrefix("Socket errors") || line.hasPrefix("Non-2xx") { errors = line }
        }
    }

    var text: String { "\(requestsPerSecond) req/s, p50 \(p50), p99 \(p99), errors: \(errors)" }
}

/// `client serve --port 0` as a child, with the URL it printed.
final class ServerProcess {
    let process = Process()
    let url: String

    init(client: String, root: String) throws {
        process.executableURL = URL(fileURLWithPath: client)
        process.arguments = ["serve", "--port", "0", "--root", root]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: #"http://[^ ]+/"#, options: .regularExpression) else {
            process.terminate()
            throw BenchFailure(message: "client serve printed no URL: \(text)")
        }
        url = String(text[range])
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
