import CatalogModel
import Foundation
import TestSupport
import Testing

/// `packer build` of a pack that an earlier build already made: the asset copies and archive
/// of that build are linked (each verified against the digest the manifest names) instead of
/// written again, and anything changed since, on either side, is read and written afresh.
@Suite("packer rebuild", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct RebuildTests {
    static let packId = "3c7d1e9a-5b2f-4a8c-9d0e-6f1a2b3c4d5e"

    /// A temporary folder holding the pack's sources (``makePack(_:)``), and the environment that
    /// keeps the build caches in it.
    func fixture(_ prefix: String) throws -> (tmp: TemporaryDirectory, pack: String, env: [String: String]) {
        let tmp = try TemporaryDirectory(prefix: prefix)
        return (tmp, try makePack(tmp), ["XDG_CACHE_HOME": tmp.path("cache")])
    }

    /// Two WAVs authored a minute ago (as a library's files are), and their pack.yaml.
    func makePack(_ tmp: TemporaryDirectory) throws -> String {
        let audio = tmp.path("src/audio")
        try FileManager.default.createDirectory(atPath: audio, withIntermediateDirectories: true)
        for (name, frequency) in [("rain", 300.0), ("bell", 900.0)] {
            let path = "\(audio)/\(name).wav"
            try AudioFixtures.wav(at: path, frames: 48000) { f, _ in
                0.2 * sin(2 * Double.pi * frequency * Double(f) / 48000)
            }
            try backdate(path)
        }
        return try tmp.write(
            "src/pack.yaml",
            """
            id: \(Self.packId)
            slug: weather
            kind: sfx
            title: Weather
            version: 1
            license: CC0-1.0
            items:
              - id: 4d8e2f0b-6c3a-4b9d-8e1f-7a2b3c4d5e6f
                title: Rain
                file: audio/rain.wav
              - id: 5e9f3a1c-7d4b-4cae-9f2a-8b3c4d5e6f70
                title: Bell
                file: audio/bell.wav

            """)
    }

    func backdate(_ path: String, to date: Date = Date(timeIntervalSinceNow: -60)) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
    }

    /// Flips the bits `mask` of the second-to-last byte of `path`, in place: the same file, size
    /// and modification time.
    func flipByte(_ path: String, _ mask: UInt8) throws {
        let modified = try #require(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count - 2] ^= mask
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: bytes)
        try handle.close()
        try backdate(path, to: modified)
    }

    func inode(_ path: String) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }

    func build(_ pack: String, into out: String, _ env: [String: String]) throws -> Manifest {
        let run = try ToolRunner.run("packer", ["build", pack, "--out", out], environment: env)
        try #require(run.status == 0, "\(run.stderr)")
        let path = "\(out)/packs/\(Self.packId)/1/manifest.json"
        return try CatalogJSON.decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: path)), file: path)
    }

    /// Every published file hashes to what the manifest says.
    func expectTrue(_ manifest: Manifest, in folder: String) throws {
        for asset in manifest.assets {
            #expect(try SHA256Digest.file(atPath: "\(folder)/\(asset.url)").sha256 == asset.sha256, "\(asset.url)")
        }
        let archive = try #require(manifest.archive)
        #expect(try SHA256Digest.file(atPath: "\(folder)/pack.tar").sha256 == archive.sha256)
    }

    @Test("an unchanged pack built into a new folder shares the earlier build's files instead of writing them")
    func unchangedRebuildLinks() throws {
        let (tmp, pack, env) = try fixture("rebuild")
        let first = try build(pack, into: tmp.path("one"), env)
        // Building the same version into the same folder again leaves it alone and spoils nothing.
        #expect(try build(pack, into: tmp.path("one"), env) == first)
        let again = try build(pack, into: tmp.path("two"), env)
        let one = tmp.path("one/packs/\(Self.packId)/1")
        let two = tmp.path("two/packs/\(Self.packId)/1")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: "\(two)/manifest.json"))
                == Data(contentsOf: URL(fileURLWithPath: "\(one)/manifest.json")))
        #expect(again == first)
        for name in first.assets.map(\.url) + ["pack.tar"] {
            #expect(try inode("\(two)/\(name)") == inode("\(one)/\(name)"), "\(name) was written again")
        }
        // A new version of the same audio holds the same files: they are linked too.
        let text = try String(contentsOfFile: pack, encoding: .utf8)
        try text.replacingOccurrences(of: "version: 1", with: "version: 2").write(
            toFile: pack, atomically: true, encoding: .utf8)
        let next = try ToolRunner.run("packer", ["build", pack, "--out", tmp.path("one")], environment: env)
        try #require(next.status == 0, "\(next.stderr)")
        let two2 = tmp.path("one/packs/\(Self.packId)/2")
        #expect(try inode("\(two2)/pack.tar") == inode("\(one)/pack.tar"))
        let path2 = "\(two2)/manifest.json"
        let manifest2 = try CatalogJSON.decode(
            Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: path2)), file: path2)
        #expect(manifest2.version == 2 && manifest2.assets == first.assets)
        try expectTrue(again, in: two)
        // Nothing of it lives in the published folders but the pack itself.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: two).sorted() == [
                "assets", "manifest.json", "pack.tar",
            ])
    }

    @Test("an earlier build changed in place (size and time stamp kept) is not reused: the rebuild writes true files")
    func damagedEarlierBuildIsNotReused() throws {
        let (tmp, pack, env) = try fixture("rebuild-damage")
        let manifest = try build(pack, into: tmp.path("one"), env)
        let one = tmp.path("one/packs/\(Self.packId)/1")
        // Flip one byte of the archive and of an asset, keeping their sizes and modification times.
        for name in ["pack.tar", manifest.assets[0].url] { try flipByte("\(one)/\(name)", 0xFF) }
        let again = try build(pack, into: tmp.path("two"), env)
        let two = tmp.path("two/packs/\(Self.packId)/1")
        #expect(again == manifest)
        try expectTrue(again, in: two)
        #expect(try inode("\(two)/pack.tar") != inode("\(one)/pack.tar"))
    }

    @Test("a source edited in place (size and time stamp kept) is read again, and the new build says what it holds")
    func editedSourceIsReadAgain() throws {
        let (tmp, pack, env) = try fixture("rebuild-source")
        let first = try build(pack, into: tmp.path("one"), env)
        let rain = tmp.path("src/audio/rain.wav")
        try flipByte(rain, 0x40)  // one sample of the last frame
        let again = try build(pack, into: tmp.path("two"), env)
        let two = tmp.path("two/packs/\(Self.packId)/1")
        #expect(again.assets[0].sha256 == (try SHA256Digest.file(atPath: rain).sha256))
        #expect(again.assets[0].sha256 != first.assets[0].sha256)
        #expect(again.assets[1] == first.assets[1])
        try expectTrue(again, in: two)
    }

    @Test("the same audio copied to another folder (new files, new inodes) is answered by the cache: nothing decoded")
    func copiedPackDecodesNothing() throws {
        var (tmp, pack, env) = try fixture("rebuild-copy")
        env["SOUNDSHELF_TIMING"] = "1"
        let first = try ToolRunner.run("packer", ["build", pack, "--out", tmp.path("one")], environment: env)
        try #require(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("analysis: 2 files decoded from the stream"), "\(first.stderr)")
        try FileManager.default.copyItem(atPath: tmp.path("src"), toPath: tmp.path("copy"))
        let copied = try ToolRunner.run(
            "packer", ["build", tmp.path("copy/pack.yaml"), "--out", tmp.path("two")], environment: env)
        try #require(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stderr.contains("analysis: 0 files decoded from the stream"), "\(copied.stderr)")
        let path = "packs/\(Self.packId)/1/manifest.json"
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: tmp.path("two/\(path)")))
                == Data(contentsOf: URL(fileURLWithPath: tmp.path("one/\(path)"))))
    }

    @Test("an earlier build that was removed is not missed: the rebuild writes the whole pack again")
    func removedEarlierBuildIsWrittenAgain() throws {
        let (tmp, pack, env) = try fixture("rebuild-gone")
        let manifest = try build(pack, into: tmp.path("one"), env)
        try FileManager.default.removeItem(atPath: tmp.path("one"))
        #expect(try build(pack, into: tmp.path("two"), env) == manifest)
        try expectTrue(manifest, in: tmp.path("two/packs/\(Self.packId)/1"))
    }
}
