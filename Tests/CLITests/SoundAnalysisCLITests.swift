import Foundation
import TestSupport
import Testing

/// Sound analysis through the built tools: `packer build` writes each asset's loudness, loop and
/// waveform into the manifest, `packer validate` warns about clipping, silence and clicking
/// seams, the analysis cache answers for unchanged audio, and `client show` reports the gain.
@Suite("sound analysis", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct SoundAnalysisCLITests {
    static let packId = "5b1e7a3c-2d4f-4a6b-8c9d-0e1f2a3b4c5d"
    static let creek = "6c2f8b4d-3e5a-4b7c-9d0e-1f2a3b4c5d6e"
    static let wind = "7d3a9c5e-4f6b-4c8d-8e1f-2a3b4c5d6e7f"
    static let override = "8e4b0d6f-5a7c-4d9e-9f2a-3b4c5d6e7f80"

    /// A catalog with one atmosphere pack of three loops: a −33 dBFS sine with a WAV `smpl`
    /// loop, an Ogg with LOOPSTART/LOOPLENGTH comments, and a `smpl` WAV whose pack.yaml
    /// `loop:` overrides its marks.
    func makeCatalog(_ tmp: TemporaryDirectory) throws -> (catalog: String, pack: String) {
        try tmp.write("src/catalog.yaml", "title: Sound Test\nloudness: {atmosphere: -20, sfx: -16}\npacks: packs/\n")
        let audio = tmp.path("src/packs/amb/audio")
        try FileManager.default.createDirectory(atPath: audio, withIntermediateDirectories: true)
        let quiet = pow(10, -33.0 / 20)
        try AudioFixtures.wav(at: audio + "/creek.wav", frames: 96000, loop: (start: 4800, last: 91199)) { f, _ in
            quiet * sin(2 * Double.pi * 1000 * Double(f) / 48000)
        }
        try AudioFixtures.tone(
            at: audio + "/wind.ogg", level: -20, frequency: 440, seconds: 2,
            codec: ["-c:a", "libvorbis", "-metadata", "LOOPSTART=1000", "-metadata", "LOOPLENGTH=44000"])
        try AudioFixtures.wav(at: audio + "/override.wav", frames: 96000, loop: (start: 0, last: 95999)) { f, _ in
            0.3 * sin(2 * Double.pi * 500 * Double(f) / 48000)
        }
        let pack = try tmp.write(
            "src/packs/amb/pack.yaml",
            """
            id: \(Self.packId)
            slug: amb
            kind: atmosphere
            title: Ambience
            version: 1
            items:
              - id: \(Self.creek)
                title: Quiet Creek
                file: audio/creek.wav
                loopable: true
              - id: \(Self.wind)
                title: Wind
                file: audio/wind.ogg
                loopable: true
              - id: \(Self.override)
                title: Override
                file: audio/override.wav
                loopable: true
                loop: {start: 0.5, end: 1.5}

            """)
        return (tmp.path("src/catalog.yaml"), pack)
    }

    private func manifest(_ dist: String, version: Int = 1) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(dist)/packs/\(Self.packId)/\(version)/manifest.json"))
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let assets = try #require(object["assets"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: assets.map { ($0["itemId"] as? String ?? "", $0) })
    }

    @Test("the manifest carries loudness, loop and peaks; the loop comes from pack.yaml, then the file's marks")
    func manifestKeys() throws {
        let tmp = try TemporaryDirectory(prefix: "sound-cli")
        let (_, pack) = try makeCatalog(tmp)
        let env = ["XDG_CACHE_HOME": tmp.path("cache")]
        let build = try ToolRunner.run("packer", ["build", pack, "--out", tmp.path("dist")], environment: env)
        try #require(build.status == 0, "\(build.stderr)")
        let assets = try manifest(tmp.path("dist"))
        let creek = try #require(assets[Self.creek])
        let loudness = try #require(creek["loudness"] as? [String: Double])
        #expect(abs(loudness["integrated"]! - -33.0) <= 0.1)
        #expect(Set(loudness.keys) == ["integrated", "range", "truePeak", "momentaryMax"])
        #expect(creek["loop"] as? [String: Int] == ["start": 4800, "end": 91200])
        #expect(assets[Self.wind]?["loop"] as? [String: Int] == ["start": 1000, "end": 45000])
        #expect(assets[Self.override]?["loop"] as? [String: Int] == ["start": 24000, "end": 72000])
        for asset in assets.values {
            let peaks = try #require(Data(base64Encoded: asset["peaks"] as? String ?? ""))
            #expect(peaks.count == 256)
        }
        // The cache lives where the environment says, one entry per file, never in dist/.
        let cached = try FileManager.default.contentsOfDirectory(atPath: tmp.path("cache/soundshelf/analysis"))
        #expect(cached.filter { $0.hasSuffix(".json") }.count == 3)
    }

    @Test("a new version of unchanged audio is measured from the cache, decoding nothing")
    func cacheAnswersForUnchangedAudio() throws {
        let tmp = try TemporaryDirectory(prefix: "sound-cache")
        let (_, pack) = try makeCatalog(tmp)
        let env = ["XDG_CACHE_HOME": tmp.path("cache")]
        try #require(
            try ToolRunner.run("packer", ["build", pack, "--out", tmp.path("dist")], environment: env).status == 0)
        // Tamper with every cached figure: if the rebuild decoded anything, it would not see them.
        let folder = tmp.path("cache/soundshelf/analysis")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
            var entry = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            var loudness = try #require(entry["loudness"] as? [String: Any])
            loudness["integrated"] = -77.7
            entry["loudness"] = loudness
            try JSONSerialization.data(withJSONObject: entry).write(to: url)
        }
        let text = try String(contentsOfFile: pack, encoding: .utf8)
        try tmp.write("src/packs/amb/pack.yaml", text.replacingOccurrences(of: "version: 1", with: "version: 2"))
        let rebuild = try ToolRunner.run("packer", ["build", pack, "--out", tmp.path("dist")], environment: env)
        try #require(rebuild.status == 0, "\(rebuild.stderr)")
        let assets = try manifest(tmp.path("dist"), version: 2)
        #expect(assets.values.allSatisfy { ($0["loudness"] as? [String: Any])?["integrated"] as? Double == -77.7 })
    }

    @Test("clipping is a located warning, an error with --strict; a truncated file fails naming it; nothing written")
    func warningsAndErrors() throws {
        let tmp = try TemporaryDirectory(prefix: "sound-warn")
        let audio = tmp.path("pack/audio")
        try FileManager.default.createDirectory(atPath: audio, withIntermediateDirectories: true)
        try AudioFixtures.wav(at: audio + "/hit.wav", frames: 48000) { f, _ in
            max(-1, min(1, 2 * sin(2 * Double.pi * 1000 * Double(f) / 48000)))
        }
        let yaml = """
            id: 9f5c1e7a-6b8d-4e0f-8a3b-4c5d6e7f8091
            slug: fx
            kind: sfx
            title: Effects
            version: 1
            license: CC0-1.0
            items:
              - id: 0a6d2f8b-7c9e-4f1a-9b4c-5d6e7f809112
                title: Hit
                file: audio/hit.wav

            """
        let pack = try tmp.write("pack/pack.yaml", yaml)
        let env = ["XDG_CACHE_HOME": tmp.path("cache")]
        let validate = try ToolRunner.run("packer", ["validate", pack], environment: env)
        #expect(validate.status == 0)
        #expect(validate.stderr.contains("pack.yaml:10:11: warning: audio/hit.wav: true peak +"))
        #expect(validate.stderr.contains("will clip"))
        let strict = try ToolRunner.run("packer", ["validate", "--strict", pack], environment: env)
        #expect(strict.status != 0 && strict.stderr.contains("error: audio/hit.wav"))
        let build = try ToolRunner.run(
            "packer", ["build", "--strict", pack, "--out", tmp.path("dist")], environment: env)
        #expect(build.status != 0 && build.stderr.contains("will clip"))
        #expect(!FileManager.default.fileExists(atPath: tmp.path("dist/packs/9f5c1e7a-6b8d-4e0f-8a3b-4c5d6e7f8091/1")))

        try AudioFixtures.tone(at: audio + "/full.flac", level: -20, seconds: 4, codec: ["-c:a", "flac"])
        let full = try Data(contentsOf: URL(fileURLWithPath: audio + "/full.flac"))
        try tmp.write("pack/audio/hit.flac", full.prefix(full.count / 2))
        try tmp.write("pack/pack.yaml", yaml.replacingOccurrences(of: "hit.wav", with: "hit.flac"))
        let broken = try ToolRunner.run("packer", ["build", pack, "--out", tmp.path("dist")], environment: env)
        #expect(broken.status != 0)
        #expect(broken.stderr.contains("audio/hit.flac") && broken.stderr.contains("truncated"), "\(broken.stderr)")
        let built = try? FileManager.default.contentsOfDirectory(
            atPath: tmp.path("dist/packs/9f5c1e7a-6b8d-4e0f-8a3b-4c5d6e7f8091"))
        #expect(built?.isEmpty ?? true, "nothing written: \(built ?? [])")
    }

    @Test("the seed carries figures and targets; client show prints the gain toward the catalog's target")
    func clientShowsGain() throws {
        let tmp = try TemporaryDirectory(prefix: "sound-show")
        let (catalog, _) = try makeCatalog(tmp)
        let env = ["XDG_CACHE_HOME": tmp.path("cache")]
        let dist = tmp.path("dist")
        let publish = try ToolRunner.run("catalog", ["publish", dist, "--source", tmp.path("src")], environment: env)
        try #require(publish.status == 0, "\(publish.stderr) \(catalog)")
        let root = tmp.path("root")
        let sync = try ToolRunner.run("client", ["sync", "--catalog", dist, "--root", root, "--json"])
        try #require(sync.status == 0, "\(sync.stderr)")
        let show = try ToolRunner.run("client", ["show", Self.creek, "--root", root, "--json"])
        try #require(show.status == 0, "\(show.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: show.stdoutData) as? [String: Any])
        let loudness = try #require(json["loudness"] as? [String: Any])
        let integrated = try #require(loudness["integrated"] as? Double)
        #expect(abs(integrated - -33.0) <= 0.1)
        // Target −20 LUFS: +13 dB, well under the true-peak cap (−1 − (−33)).
        #expect(json["gain"] as? Double == ((-20 - integrated) * 10).rounded() / 10)
        #expect(json["loop"] as? [String: Int] == ["start": 4800, "end": 91200])
        #expect((json["peaks"] as? String)?.isEmpty == false)
        let text = try ToolRunner.run("client", ["show", Self.creek, "--root", root])
        #expect(text.stdout.contains("LUFS") && text.stdout.contains("plays at +13."), "\(text.stdout)")
    }
}
