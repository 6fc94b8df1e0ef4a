import Foundation

/// `soundshelf-bench publish [--packs 100] [--items 100] [--folder DIR] [--keep]`: the publisher's
/// commands on a realistic authoring source (``AuthoringSource``), each run as a whole process under
/// GNU time (wall seconds, peak RSS, bytes written), beside the stat floor (`find SOURCE -newer
/// STAMP`, the least any tool can do to notice that nothing changed):
/// `packer validate` cold and with nothing changed, the first `catalog publish`, a publish with
/// nothing new, and a publish after one pack was retitled with its version raised (with that
/// pack's own `packer build` for comparison).
enum PublishBench {
    struct Run {
        var seconds: Double
        var peakMiB: Double
        var writtenMiB: Double
    }

    static func run(_ args: [String]) throws -> String {
        let packs = BenchArgs.int(args, "--packs") ?? 100
        let itemsPerPack = BenchArgs.int(args, "--items") ?? 100
        let folder =
            args.firstIndex(of: "--folder").map { URL(fileURLWithPath: args[$0 + 1]) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("publish-bench-\(UUID().uuidString)")
        let keep = args.contains("--keep")
        defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
        let source = folder.appendingPathComponent("source")
        let dist = folder.appendingPathComponent("dist")
        try? FileManager.default.removeItem(at: folder)
        let made = Date()
        let shape = try AuthoringSource.write(into: source, packs: packs, itemsPerPack: itemsPerPack, seed: 7)
        var lines = [
            String(
                format: "source: %d packs, %d items, %d audio files, %.1f MiB of audio (written in %.1f s) at %@",
                shape.packs, shape.items, shape.files, Double(shape.audioBytes) / 1_048_576,
                Date().timeIntervalSince(made), source.path)
        ]
        let catalogYAML = source.appendingPathComponent("catalog.yaml").path
        let packer = BenchArgs.sibling("packer")
        let catalog = BenchArgs.sibling("catalog")
        let stamp = folder.appendingPathComponent("stamp")
        FileManager.default.createFile(atPath: stamp.path, contents: nil)
        func row(_ name: String, _ run: Run) {
            lines.append(
                String(
                    format: "%@ %8.2f s  %7.1f MiB peak  %8.2f MiB written",
                    name.padding(toLength: 40, withPad: " ", startingAt: 0), run.seconds, run.peakMiB, run.writtenMiB))
        }
        let floor = try timed("/usr/bin/find", [source.path, "-newer", stamp.path], folder: folder)
        row("stat floor (find -newer)", floor)
        row("packer validate, first", try timed(packer, ["validate", catalogYAML], folder: folder))
        let validate = try timed(packer, ["validate", catalogYAML], folder: folder)
        row("packer validate, nothing changed", validate)
        let first = try timed(catalog, ["publish", dist.path, "--source", source.path], folder: folder)
        row("catalog publish, first", first)
        lines.append(String(format: "  per item: %.1f µs", first.seconds / Double(max(shape.items, 1)) * 1e6))
        let idle = try timed(catalog, ["publish", dist.path, "--source", source.path], folder: folder)
        row("catalog publish, nothing new", idle)
        let bound = 3 * floor.seconds + 1
        lines.append(String(format: "  goal for both: ≤ 3 × the stat floor + 1 s = %.2f s", bound))
        let edited = try retitle(shape.packFolders[shape.packFolders.count / 2])
        let one = try timed(catalog, ["publish", dist.path, "--source", source.path], folder: folder)
        row("catalog publish, one pack retitled", one)
        let own = try timed(
            packer, ["build", edited.path, "--out", folder.appendingPathComponent("one-pack").path], folder: folder)
        row("  that pack's own packer build", own)
        lines.append(String(format: "  goal: ≤ %.2f s, ≤ its files + 2 MiB written", own.seconds + 2))
        return lines.joined(separator: "\n")
    }

    /// Runs `tool` under GNU time; a non-zero exit is a failure with what it printed.
    static func timed(_ tool: String, _ arguments: [String], folder: URL) throws -> Run {
        let figures = folder.appendingPathComponent("time.txt").path
        let log = folder.appendingPathComponent("output.txt").path
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = try BenchProcess.run(
            "/bin/sh",
            ["-c", "log=$1; shift; exec /usr/bin/time -f '%M %O' -o \"$0\" \"$@\" >\"$log\" 2>&1", figures, log, tool]
                + arguments)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard outcome.status == 0 else {
            let printed = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw BenchFailure(message: "\(tool) \(arguments.joined(separator: " ")) failed:\n\(printed.suffix(2000))")
        }
        let text = try String(contentsOfFile: figures, encoding: .utf8)
        let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard numbers.count >= 2 else { throw BenchFailure(message: "GNU time wrote '\(text)'") }
        return Run(seconds: seconds, peakMiB: numbers[0] / 1024, writtenMiB: numbers[1] * 512 / 1_048_576)
    }

    /// Retitles a pack and raises its version, as a publisher would; returns its pack.yaml.
    static func retitle(_ pack: URL) throws -> URL {
        let file = pack.appendingPathComponent("pack.yaml")
        var text = try String(contentsOf: file, encoding: .utf8)
        guard let title = text.range(of: "title: \""), let version = text.range(of: "version: 1\n") else {
            throw BenchFailure(message: "\(file.path) has no title or version line to change")
        }
        text.replaceSubrange(version, with: "version: 2\n")
        text.insert(contentsOf: "Retitled ", at: title.upperBound)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
