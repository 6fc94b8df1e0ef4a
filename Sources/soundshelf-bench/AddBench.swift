import Foundation

/// `soundshelf-bench add [--files 5000] [--rounds 3]`: `packer add` (a child process) of N short
/// WAV files into a fresh pack, once with files that carry metadata (a UCS name, a bext chunk
/// and an iXML chunk with ASWG fields, so every reader and the UCS lookup run) and once with plain
/// files of the same audio. Prints both times, the ratio (goal ≤ 1.2) and the CPU time of each.
enum AddBench {
    enum Side: Int, CaseIterable { case plain, tagged }

    static func run(_ args: [String]) throws -> String {
        let files = BenchArgs.int(args, "--files") ?? 5000
        let rounds = BenchArgs.int(args, "--rounds") ?? 3
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("soundshelf-add-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        var paths: [Side: [String]] = [:]
        for side in Side.allCases {
            let audio = work.appendingPathComponent("\(side)/audio")
            try FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
            paths[side] = try (0..<files).map { i in
                let name = side == .tagged ? "DOORWood_Oak Slam \(i)_JD_FS.wav" : "door-slam-\(i).wav"
                let path = audio.appendingPathComponent(name).path
                try Data(wav(index: i, tagged: side == .tagged)).write(to: URL(fileURLWithPath: path))
                return path
            }
        }
        let packer = BenchArgs.sibling("packer")
        var times: [Side: [Double]] = [:]
        var cpu: [Side: [Double]] = [:]
        for round in 0..<rounds {
            for side in round % 2 == 0 ? Side.allCases : Side.allCases.reversed() {
                let pack = work.appendingPathComponent("\(side)/pack.yaml")
                try Data(packText.utf8).write(to: pack)
                var child = BenchProcess.Outcome(status: 0, maxRSSKiB: 0)
                let seconds = try Timer.measure {
                    child = try BenchProcess.run(packer, ["add", pack.path] + (paths[side] ?? []))
                    return child.status
                }
                times[side, default: []].append(seconds)
                cpu[side, default: []].append(child.cpuSeconds)
            }
        }
        func best(_ side: Side) -> Double { times[side]?.min() ?? 0 }
        func line(_ side: Side) -> String {
            String(
                format: "%.2f s (%.0f files/s), CPU %.2f s", best(side), Double(files) / max(best(side), 0.001),
                cpu[side]?.min() ?? 0)
        }
        let all = Side.allCases.map { side in
            "\(side) [\((times[side] ?? []).map { String(format: "%.2f", $0) }.joined(separator: " "))]"
        }
        return """
            add benchmark: packer add of \(files) WAV files into a fresh pack, best of \(rounds) (release build, page cache warm)
              with metadata (UCS name, bext, iXML/ASWG): \(line(.tagged))
              without (plain names, no chunks):           \(line(.plain))
              ratio with / without: \(String(format: "%.2f", best(.tagged) / max(best(.plain), 0.001))) (goal ≤ 1.2)
              all rounds (s): \(all.joined(separator: ", "))
            """
    }

    static let packText = """
        id: 3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10
        slug: bench
        kind: sfx
        title: Bench
        version: 1
        items: []

        """

    /// 0.05 s of 16-bit mono 48 kHz silence, with a bext and an iXML chunk when `tagged`.
    static func wav(index: Int, tagged: Bool) -> [UInt8] {
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
            Array(id.utf8) + le32(body.count) + body + (body.count % 2 == 1 ? [0] : [])
        }
        var body = Array("WAVE".utf8)
        body += chunk("fmt ", [1, 0, 1, 0] + le32(48000) + le32(96000) + [2, 0, 16, 0])
        if tagged {
            var bext = [UInt8](repeating: 0, count: 602)
            let description = Array("Heavy oak door slammed shut, take \(index)".utf8)
            bext.replaceSubrange(0..<description.count, with: description)
            bext.replaceSubrange(256..<264, with: Array("Jane Doe".utf8))
            body += chunk("bext", bext)
            let xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <BWFXML><NOTE>Oak door, take \(index)</NOTE><ASWG><fxName>Oak Slam \(index)</fxName>\
                <catId>DOORWood</catId><isLoop>0</isLoop><creatorId>JD</creatorId></ASWG></BWFXML>
                """
            body += chunk("iXML", Array(xml.utf8))
        }
        body += chunk("data", [UInt8](repeating: 0, count: 4800))
        return Array("RIFF".utf8) + le32(body.count) + body
    }
}
