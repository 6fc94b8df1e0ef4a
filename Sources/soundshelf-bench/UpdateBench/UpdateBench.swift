import CatalogModel
import CatalogPublisher
import Foundation
import LibraryClient

/// `soundshelf-bench update [--mib 1024] [--files 200] [--changed 2]`: a pack of generated WAV
/// files (v1), then v2 with `--changed` assets rewritten (1 % by default), both published by
/// `CatalogPublisher` in this process.
/// - push: v1 goes to two buckets of one moto server on 127.0.0.1; v2 is then pushed to one with
///   server-side copies and to the other with copies off (`PushOptions.copies`, a switch only this
///   bench turns off): bytes sent and wall time of each.
/// - install (nginx on 127.0.0.1, `LibraryClient` in this process): v1 installed then updated to v2,
///   against v2 installed into an empty data root: bytes fetched and wall time of each.
/// Prints one Markdown table row per measurement.
enum UpdateBench {
    static func run(_ args: [String]) async throws -> String {
        let mib = BenchArgs.int(args, "--mib") ?? 1024
        let files = BenchArgs.int(args, "--files") ?? 200
        let changed = BenchArgs.int(args, "--changed") ?? max(1, files / 100)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("soundshelf-update-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let load = LoadAverage.now()

        let source = work.appendingPathComponent("source")
        let packFolder = source.appendingPathComponent("packs/bench-pack")
        try FileManager.default.createDirectory(at: packFolder, withIntermediateDirectories: true)
        try "title: Update Bench\n".write(
            to: source.appendingPathComponent("catalog.yaml"), atomically: true, encoding: .utf8)
        _ = try WAVGenerator.makePack(in: packFolder, files: files, totalBytes: Int64(mib) << 20)
        let dist = work.appendingPathComponent("dist")
        var publish = PublishOptions(output: dist.path, source: source.path)
        _ = try CatalogPublisher.publish(publish)

        let nginx = try BenchNginx(root: dist.path, work: try folder(work, "nginx"))
        defer { nginx.stop() }
        let moto = try BenchMoto(work: try folder(work, "moto"))
        defer { moto.stop() }
        try moto.createBuckets(["copies", "uploads"])
        for bucket in ["copies", "uploads"] { _ = try await moto.push(dist, bucket: bucket, copies: true) }
        let updated = try Library(root: try folder(work, "root-update"))
        _ = try await updated.sync(SyncOptions(catalog: URL(string: nginx.baseURL)))
        try await updated.makeDownloadManager().startDownload("bench-pack")

        try rewrite(packFolder, files: files, changed: changed)
        publish.now = Date()
        _ = try CatalogPublisher.publish(publish)
        try? FileManager.default.removeItem(at: source)

        var rows: [String] = []
        for (bucket, copies) in [("uploads", false), ("copies", true)] {
            let start = Date()
            let result = try await moto.push(dist, bucket: bucket, copies: copies)
            rows.append(
                row(
                    "push v2, copies \(copies ? "on" : "off")", bytes: result.bytes,
                    seconds: Date().timeIntervalSince(start),
                    detail: "\(result.uploaded) uploaded, \(result.copied) copied, \(result.unchanged) unchanged"))
        }
        _ = try await updated.sync(SyncOptions(catalog: URL(string: nginx.baseURL)))
        var start = Date()
        let update = try await updated.makeDownloadManager().startDownload("bench-pack")
        rows.append(
            row(
                "install v2 over v1", bytes: update.downloadedBytes, seconds: Date().timeIntervalSince(start),
                detail: "\(update.reusedFiles) files reused"))
        let fresh = try Library(root: try folder(work, "root-fresh"))
        _ = try await fresh.sync(SyncOptions(catalog: URL(string: nginx.baseURL)))
        start = Date()
        let first = try await fresh.makeDownloadManager().startDownload("bench-pack")
        rows.append(
            row(
                "install v2, empty data root", bytes: first.downloadedBytes, seconds: Date().timeIntervalSince(start),
                detail: "\(first.reusedFiles) files reused"))
        return """
            update: \(mib) MiB pack, \(files) files, \(changed) changed in v2; load before \(load), after \(LoadAverage.now())
            | step | bytes sent / fetched | wall time | detail |
            |---|---|---|---|
            """ + "\n" + rows.joined(separator: "\n")
    }

    private static func folder(_ work: URL, _ name: String) throws -> URL {
        let url = work.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// v2: `changed` files spread over the pack get new samples (same size), the version goes up.
    private static func rewrite(_ pack: URL, files: Int, changed: Int) throws {
        for index in stride(from: 0, to: files, by: max(1, files / changed)).prefix(changed) {
            let handle = try FileHandle(
                forWritingTo: pack.appendingPathComponent(String(format: "audio/sound-%04d.wav", index)))
            try handle.seek(toOffset: 44)
            try handle.write(contentsOf: Data((0..<65_536).map { _ in UInt8.random(in: 0...255) }))
            try handle.close()
        }
        let yaml = pack.appendingPathComponent("pack.yaml")
        let text = try String(contentsOf: yaml, encoding: .utf8)
        try text.replacingOccurrences(of: "version: 1\n", with: "version: 2\n").write(
            to: yaml, atomically: true, encoding: .utf8)
    }

    private static func row(_ step: String, bytes: Int64, seconds: Double, detail: String) -> String {
        "| \(step) | \(String(format: "%.1f MiB (%lld bytes)", Double(bytes) / 1_048_576, bytes)) | "
            + String(format: "%.2f s", seconds) + " | \(detail) |"
    }
}
