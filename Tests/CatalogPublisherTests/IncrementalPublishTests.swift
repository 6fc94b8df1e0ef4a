import CatalogModel
import CatalogPublisher
import Foundation
import TestSupport
import Testing

/// `catalog publish` with the build state (what earlier runs learned of each source file) against
/// a publish that reads everything (`--no-cache`), over the edits a publisher makes: after each,
/// both folders are byte for byte the same, and with nothing changed no source file is read.
@Suite(.serialized)
struct IncrementalPublishTests {
    let tmp: TemporaryDirectory
    let source: String
    let caches: URL
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    init() throws {
        tmp = try TemporaryDirectory(prefix: "incremental")
        source = try DemoCatalog.copyCatalog(into: tmp)
        caches = tmp.url.appendingPathComponent("caches")
    }

    var cached: String { tmp.path("cached") }
    var scratch: String { tmp.path("scratch") }
    func pack(_ slug: String) -> String { "\(source)/packs/\(slug)/pack.yaml" }

    func publish(into output: String, usingState: Bool, step: Int, itemsPerShard: Int = 1000) throws -> PublishResult {
        var options = PublishOptions(output: output, source: source)
        options.itemsPerShard = itemsPerShard
        options.now = now.addingTimeInterval(Double(step) * 3_600)
        options.build.cacheFolder = caches
        options.usesBuildState = usingState
        return try CatalogPublisher.publish(options)
    }

    /// Publishes into both folders; they must hold the same files with the same bytes. The edit
    /// before it is a tick old (a stat taken within a tick of a write is not trusted, so an edit
    /// published at once is read whatever the state says; here the state's records are used).
    func publishBoth(step: Int, _ what: Comment, itemsPerShard: Int) throws -> PublishResult {
        Thread.sleep(forTimeInterval: 0.05)
        let incremental = try publish(into: cached, usingState: true, step: step, itemsPerShard: itemsPerShard)
        let full = try publish(into: scratch, usingState: false, step: step, itemsPerShard: itemsPerShard)
        #expect(incremental.changed == full.changed, what)
        #expect(incremental.catalogVersion == full.catalogVersion, what)
        #expect(incremental.packsBuilt == full.packsBuilt, what)
        #expect(incremental.removedPacks == full.removedPacks && incremental.removedItems == full.removedItems, what)
        let a = try FolderContents(cached)
        let b = try FolderContents(scratch)
        #expect(a.files.keys.sorted() == b.files.keys.sorted(), what)
        for (path, bytes) in a.files where b.files[path] != bytes {
            Issue.record("\(path) differs from a publish from scratch after \(what)")
        }
        return incremental
    }

    /// Raises a pack's version line (`version: N` → N + 1).
    func raiseVersion(_ slug: String) throws {
        let text = try String(contentsOfFile: pack(slug), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("version: ") })
        let number = try #require(Int(line.dropFirst(9).prefix { $0.isNumber }))
        try DemoCatalog.edit(pack(slug), replacing: String(line), with: "version: \(number + 1)")
    }

    /// With one shard, and with shards of two items (most edits then leave most shards as they
    /// were, and a new pack makes more of them).
    @Test("every edit publishes the same folder as a publish from scratch", arguments: [1000, 2])
    func editsMatchAPublishFromScratch(itemsPerShard: Int) throws {
        var step = 0
        func next(_ what: Comment) throws -> PublishResult {
            step += 1
            return try publishBoth(step: step, what, itemsPerShard: itemsPerShard)
        }
        #expect(try next("the first publish").changed)
        #expect(try !next("nothing changed").changed)

        try DemoCatalog.edit(
            pack("dungeon-delve"), replacing: "title: \"Creaking Door\"", with: "title: \"Groaning Door\"")
        try raiseVersion("dungeon-delve")
        #expect(try next("an item retitled").packsBuilt == ["dungeon-delve"])

        try DemoCatalog.edit(
            pack("tavern-life"), replacing: "moods: [\"Cozy\", \"Wistful\"]",
            with: "moods: [\"Cozy\", \"Wistful\", \"Rainy\"]")
        try raiseVersion("tavern-life")
        #expect(try next("a tag added").changed)

        let tavern = "\(source)/packs/tavern-life"
        try FileManager.default.copyItem(
            atPath: "\(tavern)/audio/dice-game.flac", toPath: "\(tavern)/audio/dice-again.flac")
        let added = """

              - id: 0f9c3b7e-4a2d-4e8f-9b1c-6d5e7a8f9b0c
                title: "Dice Again"
                file: audio/dice-again.flac

            """
        try (String(contentsOfFile: pack("tavern-life"), encoding: .utf8) + added)
            .write(toFile: pack("tavern-life"), atomically: true, encoding: .utf8)
        try raiseVersion("tavern-life")
        #expect(try next("an item added").changed)

        try DemoCatalog.edit(pack("tavern-life"), replacing: added, with: "\n")
        try raiseVersion("tavern-life")
        #expect(try next("an item removed").removedItems == ["0f9c3b7e-4a2d-4e8f-9b1c-6d5e7a8f9b0c"])

        let newPack = "\(source)/packs/more-doors"
        try FileManager.default.createDirectory(atPath: "\(newPack)/audio", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "\(tavern)/audio/clinking-mugs.wav", toPath: "\(newPack)/audio/door.wav")
        try """
        id: 5b2e8c1a-7d4f-4a9e-8c3b-1f6d2e9a7b40
        slug: more-doors
        kind: sfx
        title: "More Doors"
        version: 1
        license: CC0-1.0
        items:
          - {id: 9a1e5c3b-2d7f-4b8a-9e6c-3f1d8b2a7c51, title: "A Door", file: audio/door.wav}

        """.write(toFile: "\(newPack)/pack.yaml", atomically: true, encoding: .utf8)
        #expect(try next("a new pack").packsBuilt == ["more-doors"])

        try FileManager.default.removeItem(atPath: newPack)
        #expect(try next("a pack removed").removedPacks.count == 1)

        // The same name, other sound: the pack must be rebuilt, and is the same as from scratch.
        try FileManager.default.removeItem(atPath: "\(tavern)/audio/clinking-mugs.wav")
        try FileManager.default.copyItem(
            atPath: "\(source)/packs/dungeon-delve/audio/door-creak.wav", toPath: "\(tavern)/audio/clinking-mugs.wav")
        try raiseVersion("tavern-life")
        #expect(try next("an audio file replaced under the same name").packsBuilt == ["tavern-life"])

        let touched = "\(source)/packs/forest-ambience/pack.yaml"
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: touched)
        #expect(try !next("a file touched but unchanged").changed)
    }

    @Test("with nothing changed, no source file is read: one rewritten in place under the same stat is not seen")
    func nothingChangedReadsNoSourceFile() throws {
        Thread.sleep(forTimeInterval: 0.05)  // the copied files a tick old: their stats can be trusted
        _ = try publish(into: cached, usingState: true, step: 0)
        // A pack.yaml's bytes replaced by garbage of the same size, its modification time put back:
        // only a read could notice (git's index, trusting stats, would not either).
        let file = pack("warband-foley")
        var info = stat()
        #expect(stat(file, &info) == 0)
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.write(contentsOf: Data(repeating: 0x21, count: Int(info.st_size)))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        let again = try publish(into: cached, usingState: true, step: 0)
        #expect(!again.changed)
        // Without the state the file is read, and refused.
        #expect(throws: PublishError.self) { try publish(into: cached, usingState: false, step: 0) }
    }

    @Test("a one-pack change reads that pack alone: another, rewritten under the same stat, is not read")
    func oneChangeReadsOnePack() throws {
        Thread.sleep(forTimeInterval: 0.05)
        _ = try publish(into: cached, usingState: true, step: 0, itemsPerShard: 2)
        let file = pack("warband-foley")
        var info = stat()
        #expect(stat(file, &info) == 0)
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.write(contentsOf: Data(repeating: 0x21, count: Int(info.st_size)))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        try DemoCatalog.edit(
            pack("dungeon-delve"), replacing: "title: \"Creaking Door\"", with: "title: \"Groaning Door\"")
        try raiseVersion("dungeon-delve")
        Thread.sleep(forTimeInterval: 0.05)
        let result = try publish(into: cached, usingState: true, step: 1, itemsPerShard: 2)
        #expect(result.changed && result.catalogVersion == 2 && result.packsBuilt == ["dungeon-delve"])
        #expect(throws: PublishError.self) { try publish(into: scratch, usingState: false, step: 1) }
    }
}

/// Every regular file under a folder with its bytes, by relative path.
struct FolderContents {
    var files: [String: Data] = [:]

    init(_ folder: String) throws {
        let root = URL(fileURLWithPath: folder)
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let relative = String(url.path.dropFirst(root.path.count + 1))
            files[relative] = try Data(contentsOf: url)
        }
    }
}
