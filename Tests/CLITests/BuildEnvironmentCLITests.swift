import Foundation
import TestSupport
import Testing

/// The variables `packer` and `catalog publish` read (through `ToolEnvironment`) and hand to
/// PackBuilder as its settings: where the build caches live, the archive's time stamp, and the
/// read and write tunables, which change how a build runs but not one byte it writes.
@Suite("build environment", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct BuildEnvironmentCLITests {
    static let packId = "2b6c0d8e-4a1f-4b7c-9e2d-5f6a7b8c9d0e"

    /// The variables a test sets empty unless it means them: what the test process has set
    /// must not change a build.
    static let unset = [
        "SOURCE_DATE_EPOCH": "", "SOUNDSHELF_READ_CHUNK_KIB": "", "SOUNDSHELF_READ_CHUNKS": "",
        "SOUNDSHELF_PAGE_CACHE_WRITES": "",
    ]

    /// A catalog of one pack of one 2.5 MB WAV (several read chunks of 64 KiB); its pack.yaml.
    func makePack(_ tmp: TemporaryDirectory) throws -> String {
        try tmp.write("src/catalog.yaml", "title: Environment Test\npacks: packs/\n")
        let audio = tmp.path("src/packs/env/audio")
        try FileManager.default.createDirectory(atPath: audio, withIntermediateDirectories: true)
        try AudioFixtures.wav(at: audio + "/hum.wav", frames: 320_000) { f, _ in
            0.2 * sin(2 * Double.pi * 220 * Double(f) / 48000)
        }
        return try tmp.write(
            "src/packs/env/pack.yaml",
            """
            id: \(Self.packId)
            slug: env
            kind: sfx
            title: Environment
            version: 1
            license: CC0-1.0
            items:
              - id: 3c7d1e9f-5b2a-4c8d-8f3e-6a7b8c9d0e1f
                title: Hum
                file: audio/hum.wav

            """)
    }

    func cacheEntries(_ folder: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/soundshelf/analysis")) ?? []
        return names.filter { $0.hasSuffix(".json") }.count
    }

    @Test("the build caches live in $XDG_CACHE_HOME/soundshelf, else $HOME/.cache/soundshelf, for both tools")
    func cacheFolder() throws {
        let tmp = try TemporaryDirectory(prefix: "build-env-cache")
        let pack = try makePack(tmp)
        let home = ["XDG_CACHE_HOME": "", "HOME": tmp.path("home")]
        let validate = try ToolRunner.run("packer", ["validate", pack], environment: home)
        try #require(validate.status == 0, "\(validate.stderr)")
        #expect(cacheEntries(tmp.path("home/.cache")) == 1)

        let xdg = ["XDG_CACHE_HOME": tmp.path("xdg")]
        let build = try ToolRunner.run("packer", ["build", pack, "--out", tmp.path("dist")], environment: xdg)
        try #require(build.status == 0, "\(build.stderr)")
        #expect(cacheEntries(tmp.path("xdg")) == 1)

        let publish = try ToolRunner.run(
            "catalog", ["publish", tmp.path("published"), "--source", tmp.path("src")],
            environment: ["XDG_CACHE_HOME": tmp.path("publish-cache")])
        try #require(publish.status == 0, "\(publish.stderr)")
        #expect(cacheEntries(tmp.path("publish-cache")) == 1)
    }

    @Test("SOURCE_DATE_EPOCH stamps the archive; the read-chunk and page-cache variables change no byte")
    func archiveStampAndTunables() throws {
        let tmp = try TemporaryDirectory(prefix: "build-env-bytes")
        let pack = try makePack(tmp)
        func build(_ name: String, _ variables: [String: String]) throws -> Data {
            var environment = Self.unset.merging(variables) { $1 }
            environment["XDG_CACHE_HOME"] = tmp.path("cache-\(name)")  // its own: every build writes
            let run = try ToolRunner.run("packer", ["build", pack, "--out", tmp.path(name)], environment: environment)
            try #require(run.status == 0, "\(run.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: tmp.path("\(name)/packs/\(Self.packId)/1/pack.tar")))
        }
        let plain = try build("plain", [:])
        let tuned = try build(
            "tuned",
            ["SOUNDSHELF_READ_CHUNK_KIB": "64", "SOUNDSHELF_READ_CHUNKS": "3", "SOUNDSHELF_PAGE_CACHE_WRITES": "1"])
        #expect(tuned == plain)

        let stamped = try build("stamped", ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(stamped != plain)
        let listing = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            ["tar", "--numeric-owner", "--full-time", "-tvf", tmp.path("stamped/packs/\(Self.packId)/1/pack.tar")],
            environment: ["TZ": "UTC", "LC_ALL": "C"])
        try #require(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains("2023-11-14 22:13:20 "), "\(listing.stdout)")
    }
}
