import CatalogModel
import Foundation
import LibraryClient

/// `soundshelf-bench plays [--plays 1000000] [--targets 20000] [--rounds 5]`: `client charts
/// --period week`, `--period all` and `client stats` as whole processes on a data root of
/// synthetic plays, side by side with a plain SQL `GROUP BY` in the sqlite3 CLI on the same
/// file, and a check that both rank the same.
enum PlaysBench {
    static let now = "2026-11-20T12:00:00Z"

    static func run(_ args: [String]) async throws -> String {
        let plays = BenchArgs.int(args, "--plays") ?? 1_000_000
        let targets = BenchArgs.int(args, "--targets") ?? 20_000
        let rounds = BenchArgs.int(args, "--rounds") ?? 5
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plays-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let root = dir.appendingPathComponent("root")
        let database = root.appendingPathComponent("library.sqlite").path
        let fillTime = try await measureAsync {
            try await PlaysBenchData.fill(root: root, plays: plays, targets: targets, now: ISO8601.date(now)!)
        }
        let week = ChartPeriod.week.interval(containing: ISO8601.date(now)!, timeZone: TimeZone(identifier: "UTC")!)!
        let (from, to) = (ISO8601.string(week.start), ISO8601.string(week.end))
        let order = "GROUP BY target ORDER BY COUNT(*) DESC, MAX(played_at) DESC, MAX(title), target"
        let cases: [(name: String, client: [String], sql: String)] = [
            (
                "charts --period week", ["charts", "--period", "week"],
                "SELECT target, COUNT(*) FROM play_event WHERE played_at >= '\(from)' AND played_at < '\(to)' AND played_at <= '\(now)' \(order);"
            ),
            (
                "charts --period all", ["charts", "--period", "all"],
                "SELECT target, COUNT(*) FROM play_event WHERE played_at <= '\(now)' \(order);"
            ),
            (
                "stats", ["stats"],
                "SELECT source, COUNT(*) FROM play_event WHERE played_at <= '\(now)' GROUP BY source; SELECT COUNT(*) FROM play_event WHERE played_at >= '\(from)' AND played_at <= '\(now)';"
            ),
        ]
        let client = BenchArgs.sibling("client")
        var report =
            "plays: \(plays) plays, \(targets) targets, 3 years; data root filled in \(String(format: "%.1f", fillTime)) s\n"
        report +=
            "command                 client best / median (CPU)      sqlite3 GROUP BY best / median   same ranking\n"
        for item in cases {
            let arguments = item.client + ["--now", now, "--root", root.path, "--json"]
            var clientTimes: [Double] = []
            var sqlTimes: [Double] = []
            var cpu: [Double] = []
            for round in 0..<rounds {
                // Alternate which side runs first.
                let sides = round % 2 == 0 ? [true, false] : [false, true]
                for isClient in sides {
                    if isClient {
                        var outcome = BenchProcess.Outcome(status: 0, maxRSSKiB: 0)
                        clientTimes.append(
                            try Timer.measure {
                                outcome = try BenchProcess.run(client, arguments, extraEnvironment: ["TZ=UTC"])
                                return outcome.status
                            })
                        cpu.append(outcome.cpuSeconds)
                    } else {
                        sqlTimes.append(
                            try Timer.measure { try BenchProcess.run("sqlite3", [database, item.sql]).status })
                    }
                }
            }
            let same =
                item.name == "stats"
                ? try sameStats(client, arguments, database, item.sql)
                : try sameRanking(client, arguments, database, item.sql)
            report +=
                item.name.padding(toLength: 22, withPad: " ", startingAt: 0)
                + String(
                    format: "  %6.1f / %6.1f ms (%5.1f ms)    %6.1f / %6.1f ms               ",
                    ms(clientTimes.min()), ms(median(clientTimes)), ms(median(cpu)), ms(sqlTimes.min()),
                    ms(median(sqlTimes)))
                + (same ? "yes" : "NO") + "\n"
        }
        return report
    }

    static func ms(_ seconds: Double?) -> Double { (seconds ?? 0) * 1000 }
    static func median(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.sorted()[values.count / 2] }

    static func measureAsync(_ body: () async throws -> Void) async throws -> Double {
        let start = Date()
        try await body()
        return Date().timeIntervalSince(start)
    }

    /// The client's chart entries (target, plays) equal the GROUP BY's rows, in order.
    static func sameRanking(_ client: String, _ arguments: [String], _ database: String, _ sql: String) throws -> Bool {
        let json =
            try JSONSerialization.jsonObject(with: try capture(client, arguments, environment: ["TZ": "UTC"]))
            as? [String: Any]
        let entries = (json?["entries"] as? [[String: Any]] ?? []).map { "\($0["target"] ?? "")|\($0["plays"] ?? "")" }
        let rows = String(decoding: try capture("/usr/bin/env", ["sqlite3", database, sql]), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        return !entries.isEmpty && entries == rows
    }

    /// The client's all-time total and by-source counts equal the GROUP BY's.
    static func sameStats(_ client: String, _ arguments: [String], _ database: String, _ sql: String) throws -> Bool {
        let json =
            try JSONSerialization.jsonObject(with: try capture(client, arguments, environment: ["TZ": "UTC"]))
            as? [String: Any]
        let bySource = json?["bySource"] as? [String: Int] ?? [:]
        let lines = String(decoding: try capture("/usr/bin/env", ["sqlite3", database, sql]), as: UTF8.self).split(
            separator: "\n")
        var sqlBySource: [String: Int] = [:]
        for line in lines.dropLast() {
            let parts = line.split(separator: "|")
            sqlBySource[String(parts[0])] = Int(parts[1])
        }
        return bySource == sqlBySource && json?["allTime"] as? Int == sqlBySource.values.reduce(0, +)
            && json?["week"] as? Int == Int(lines.last ?? "")
    }

    static func capture(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchFailure(message: "\(path) \(arguments) exited with \(process.terminationStatus)")
        }
        return data
    }
}
