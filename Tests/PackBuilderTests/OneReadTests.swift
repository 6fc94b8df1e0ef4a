import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import PackBuilder

/// A build decodes, hashes, copies and archives each source file from one read of it: the
/// decoders are fed the chunks the writer reads instead of opening the files again.
@Suite("one read of each source file", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct OneReadTests {
    /// The bytes `packer build` reads (`read`, `pread` and the like), as Linux counts them: the
    /// build runs as a child of a shell, and a process's `/proc/<pid>/io` includes the children it
    /// has reaped, so the figure is the build's own (plus the shell's few bytes) however many other
    /// tests run beside it in this process.
    func bytesReadBuilding(_ pack: String, into out: String, cache: String) throws -> Int64 {
        let packer = ToolRunner.productsDirectory.appendingPathComponent("packer").path
        let run = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"),
            ["-c", #""$0" build "$1" --out "$2" >/dev/null && cat /proc/$$/io"#, packer, pack, out],
            environment: ["XDG_CACHE_HOME": cache])
        try #require(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try #require(Int64(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    @Test("an analysed build reads each source once: the bytes read are the audio's size, not twice it")
    func eachSourceIsReadOnce() throws {
        let tmp = try TemporaryDirectory(prefix: "one-read")
        // Two WAVs of several chunks each and a FLAC (its decoder gets compressed bytes), 21 MB.
        try FileManager.default.createDirectory(atPath: tmp.path("pack/audio"), withIntermediateDirectories: true)
        try AudioFixtures.tone(at: tmp.path("pack/audio/drone.wav"), level: -20, frequency: 110, seconds: 60)
        try AudioFixtures.tone(at: tmp.path("pack/audio/hum.wav"), level: -30, frequency: 50, seconds: 45)
        try AudioFixtures.tone(at: tmp.path("pack/audio/bird.flac"), level: -12, frequency: 3000, seconds: 30)
        let items = [
            ("6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", "drone.wav"), ("7b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e", "hum.wav"),
            ("8c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f", "bird.flac"),
        ].map { "  - id: \($0.0)\n    title: \($0.1)\n    file: audio/\($0.1)\n    loopable: true\n" }
        let yaml = try tmp.write(
            "pack/pack.yaml",
            "id: 1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b\nslug: hums\nkind: atmosphere\ntitle: Hums\nversion: 1\n"
                + "license: CC0-1.0\nitems:\n" + items.joined())
        let audio = try ["drone.wav", "hum.wav", "bird.flac"].reduce(Int64(0)) { sum, name in
            sum
                + (try #require(
                    FileManager.default.attributesOfItem(atPath: tmp.path("pack/audio/\(name)"))[.size] as? Int64))
        }
        let read = try bytesReadBuilding(yaml, into: tmp.path("dist"), cache: tmp.path("cache"))

        // Header probes, loop marks, pack.yaml and the tool's own files add a few hundred KiB at
        // most; a second read of the audio would add all of it again.
        #expect(read >= audio)
        #expect(read < audio + audio / 4, "read \(read) bytes for \(audio) bytes of audio")
        let manifestPath = tmp.path("dist/packs/1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b/1/manifest.json")
        // And every file was decoded and measured from those bytes (the cache was empty).
        let manifest = try CatalogJSON.decode(
            Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestPath)), file: manifestPath)
        #expect(manifest.assets.count == 3)
        for asset in manifest.assets {
            let integrated = try #require(asset.loudness?.integrated, "\(asset.url) was not measured")
            #expect(integrated < 0 && integrated > -45)
            #expect(asset.loop?.start == 0)
        }
        let cached = try FileManager.default.contentsOfDirectory(atPath: tmp.path("cache/soundshelf/analysis"))
        #expect(cached.filter { $0.hasSuffix(".json") }.count == 3)
    }
}
