import CatalogModel
import Foundation
import Gzip
import SyntheticData

/// `soundshelf-bench delta [--items 100000]`: what a schema-2 catalog costs on the wire, measured
/// at a real server (nginx on 127.0.0.1, its access log counting requests and body bytes), for
/// the realistic synthetic catalog (``SyntheticVersions``): a first sync against the bytes of
/// today's schema-1 seed, a sync with nothing new, one item retitled, added and removed, and ten
/// versions behind with 1 % of the items changed; and what each publish wrote, in how much memory.
enum DeltaBench {
    static func run(_ args: [String]) throws -> String {
        let items = BenchArgs.int(args, "--items") ?? 100_000
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundshelf-delta-\(items)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dist = folder.appendingPathComponent("dist")
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: dist, withIntermediateDirectories: true)
        var report = ["delta benchmark: \(items) realistic items (random UUIDs, full items, 100 per pack)"]
        let seedBytes = try schemaOneSeedBytes(items, folder.appendingPathComponent("schema1"))
        report.append(row("today's seed (schema 1)", mib(seedBytes)))

        func publish(_ version: Int) throws -> (seconds: Double, rssMiB: Double, newBytes: Int64) {
            let out = folder.appendingPathComponent("published-\(version)")
            let start = DispatchTime.now().uptimeNanoseconds
            let run = try BenchProcess.measuredPeak(
                [
                    CommandLine.arguments[0], "catalog-child", "publish-version", dist.path, "\(items)", "\(version)",
                    out.path,
                ],
                scratch: folder)
            guard run.status == 0 else { throw BenchFailure(message: "publishing version \(version) failed") }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let written = Int64((try? String(contentsOf: out, encoding: .utf8)) ?? "") ?? -1
            return (seconds, Double(run.peakKiB) / 1024, written)
        }
        let first = try publish(1)
        report.append(
            row(
                "publish v1 (everything)",
                "\(mib(first.newBytes)) written, \(f1(first.seconds)) s, \(f1(first.rssMiB)) MiB"))

        let nginx = try BenchNginx(root: dist.path, work: folder, accessLog: true)
        defer { nginx.stop() }
        var log = AccessLog(folder.appendingPathComponent("access.log"))
        let client = BenchArgs.sibling("client")
        func sync(_ label: String, goal: String) throws {
            _ = log.since()
            let start = DispatchTime.now().uptimeNanoseconds
            let run = try BenchProcess.measuredPeak(
                [client, "sync", "--catalog", nginx.baseURL, "--root", root.path], scratch: folder)
            guard run.status == 0 else { throw BenchFailure(message: "client sync failed (\(label))") }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            let wire = log.since()
            report.append(
                row(
                    label,
                    "\(wire.requests) requests, \(kib(wire.bytes)), \(f1(ms)) ms, \(f1(Double(run.peakKiB) / 1024)) MiB  (goal \(goal))"
                ))
            lastBytes = wire.bytes
        }
        var lastBytes: Int64 = 0
        try sync("first sync", goal: "≤ 0.35 × seed, ≤ 200 MB")
        report.append(
            row("  first sync bytes / today's seed", String(format: "%.3f", Double(lastBytes) / Double(seedBytes))))
        try sync("sync, nothing new", goal: "≤ 2 requests, ≤ 4 KB, ≤ 100 ms")
        let second = try publish(2)
        report.append(
            row(
                "publish v2 (1 retitled, 1 added, 1 removed)",
                "\(kib(second.newBytes)) written, \(f1(second.seconds)) s, \(f1(second.rssMiB)) MiB (goal ≤ 2 MB, ≤ 256 MB)"
            ))
        try sync("sync v1 → v2", goal: "≤ 6 requests, ≤ 64 KB, ≤ 1 s, ≤ 100 MB")
        for version in 3...12 { _ = try publish(version) }
        let reference = try changedEntriesBytes(items)
        try sync("sync v2 → v12 (10 versions, 1 % changed)", goal: "≤ 1.5 × entries + 64 KB")
        report.append(
            row(
                "  changed entries, compressed together",
                "\(kib(reference)); fetched / (1.5 × that + 64 KB) = "
                    + String(format: "%.2f", Double(lastBytes) / (1.5 * Double(reference) + 65_536))))
        report.append(row("load average (1, 5 min) at the end", LoadAverage.now().description))
        return report.joined(separator: "\n")
    }

    /// The child: publishes one version and writes the bytes it added to `out`.
    static func child(dist: String, items: Int, version: Int, out: String) throws -> String {
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("soundshelf-spool-\(getpid())")
        let written = try SyntheticVersions(items: items).publish(
            version: version, into: URL(fileURLWithPath: dist), spool: spool)
        try "\(written)".write(toFile: out, atomically: true, encoding: .utf8)
        return "published version \(version): \(written) bytes"
    }

    /// The size of the schema-1 seed of version 1, as today's tools write it.
    static func schemaOneSeedBytes(_ items: Int, _ folder: URL) throws -> Int64 {
        defer { try? FileManager.default.removeItem(at: folder) }
        try SyntheticCatalog(items: items).write(to: folder)
        let seeds = folder.appendingPathComponent("seeds")
        let name = try FileManager.default.contentsOfDirectory(atPath: seeds.path).first { $0.hasSuffix(".json") } ?? ""
        return
            (try FileManager.default.attributesOfItem(atPath: seeds.appendingPathComponent(name).path)[.size]
            as? NSNumber)?.int64Value ?? 0
    }

    /// The items versions 3 to 12 retitled, as JSON lines compressed together.
    static func changedEntriesBytes(_ items: Int) throws -> Int64 {
        var count: Int64 = 0
        let writer = try GzipWriter { count += Int64($0.count) }
        try SyntheticVersions(items: items).forEachPack(
            version: 12,
            changed: { item in
                try? writer.write(try! CompactJSON.encode(item) + [0x0A])
            }, { _ in })
        try writer.finish()
        return count
    }

    static func row(_ label: String, _ value: String) -> String {
        label.padding(toLength: 46, withPad: " ", startingAt: 0) + value
    }
    static func f1(_ x: Double) -> String { String(format: "%.1f", x) }
    static func kib(_ bytes: Int64) -> String { String(format: "%.1f KiB", Double(bytes) / 1024) }
    static func mib(_ bytes: Int64) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
}
