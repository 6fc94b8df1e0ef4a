import CatalogModel
import Foundation
import SyntheticData

/// Writes a catalog source as a publisher keeps one on disk: catalog.yaml with three vocabularies and
/// `packs` folders of `pack.yaml` plus audio. Every id is a random UUID; each item has three to five
/// tags across locations, moods and themes, a UCS file name (`CatID_FXName_CreatorID_SourceID.wav`),
/// and 15 % of the items three takes with a playback rule; packs carry a license, credits and a
/// source. The audio is real and short: 0.3 s mono 16-bit WAV of a decaying noise burst, unique per
/// file, and in every pack one FLAC, one Ogg Vorbis and one MP3 encoded by ffmpeg.
///
/// ```swift
/// let shape = try AuthoringSource.write(into: folder, packs: 100, itemsPerPack: 100, seed: 7)
/// shape.items   // 10,000
/// ```
enum AuthoringSource {
    struct Shape {
        var packs = 0
        var items = 0
        var files = 0
        var audioBytes: Int64 = 0
        var packFolders: [URL] = []
    }

    static let locations = ["Forest", "Underdark", "Coastal", "Urban", "Swamp", "Mountain", "Desert", "Arctic"]
    static let moods = ["Calm", "Tense", "Ominous", "Joyful", "Mysterious", "Action", "Sad"]
    static let themes = ["Doors", "Water", "Fire", "Wind", "Footsteps", "Magic", "Creatures", "Crowds", "Weapons"]
    static let categories = ["DOORWood", "WATRFlow", "FIREBurn", "WINDGust", "FEETStep", "MAGSpell", "CREAMnstr"]
    static let words = ["Slam", "Creak", "Drip", "Roar", "Whoosh", "Crackle", "Rustle", "Clank", "Hum", "Thud"]
    static let licenses = ["CC0-1.0", "CC-BY-4.0", "CC-BY-SA-4.0"]

    static func write(into folder: URL, packs: Int, itemsPerPack: Int, seed: UInt64) throws -> Shape {
        let packsFolder = folder.appendingPathComponent("packs")
        try FileManager.default.createDirectory(at: packsFolder, withIntermediateDirectories: true)
        try catalogYAML().write(to: folder.appendingPathComponent("catalog.yaml"), atomically: true, encoding: .utf8)
        var rng = SplitMix64(seed: seed)
        var shape = Shape()
        for index in 0..<packs {
            let slug = String(format: "pack-%05d", index)
            let packFolder = packsFolder.appendingPathComponent(slug)
            try writePack(in: packFolder, slug: slug, items: itemsPerPack, rng: &rng, shape: &shape)
            shape.packFolders.append(packFolder)
            shape.packs += 1
        }
        return shape
    }

    static func catalogYAML() -> String {
        func list(_ names: [String]) -> String { names.map { "    - \"\($0)\"\n" }.joined() }
        return "title: Publish Bench\nloudness: {atmosphere: -23, sfx: -16}\nvocabularies:\n  locations:\n"
            + list(locations) + "  moods:\n" + list(moods) + "  sfxThemes:\n" + list(themes) + "  atmosphereThemes:\n"
            + list(themes)
            + "licenses: {allow: [\(licenses.joined(separator: ", "))]}\npacks: packs/\n"
    }

    private static func writePack(
        in folder: URL, slug: String, items: Int, rng: inout SplitMix64, shape: inout Shape
    ) throws {
        let audio = folder.appendingPathComponent("audio")
        try FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
        let kind = rng.below(10) < 3 ? "atmosphere" : "sfx"
        let license = licenses[rng.below(licenses.count)]
        let creator = "JD\(rng.below(90) + 10)"
        var yaml = """
            id: \(UUID().uuidString.lowercased())
            slug: \(slug)
            kind: \(kind)
            title: "Pack \(slug.dropFirst(5)) \(words[rng.below(words.count)])"
            description: "Recorded on location for the publish benchmark."
            version: 1
            license: \(license)
            credits: [{name: "Recordist \(rng.below(400))", role: "recording", url: "https://example.org/r/\(rng.below(400))"}]
            source: https://example.org/packs/\(slug)
            items:

            """
        let encoded = try encodedFiles(in: audio, seed: rng.next())
        shape.audioBytes += encoded.bytes
        shape.files += encoded.names.count
        for item in 0..<items {
            let category = categories[rng.below(categories.count)]
            let title = "\(category.dropFirst(4)) \(words[rng.below(words.count)]) \(item + 1)"
            let takes = rng.below(100) < 15 ? 3 : 1
            var files: [String] = []
            for take in 0..<takes {
                if item < encoded.names.count && take == 0 {
                    files.append(encoded.names[item])
                    continue
                }
                let name = "\(category)_\(title)\(takes > 1 ? " take \(take + 1)" : "")_\(creator)_BENCH.wav"
                shape.audioBytes += try writeWAV(
                    audio.appendingPathComponent(name), looping: kind == "atmosphere", rng: &rng)
                shape.files += 1
                files.append(name)
            }
            yaml += "  - id: \(UUID().uuidString.lowercased())\n    title: \"\(title)\"\n"
            if files.count == 1 {
                yaml += "    file: \"audio/\(files[0])\"\n"
            } else {
                yaml += "    files: [\(files.map { "\"audio/\($0)\"" }.joined(separator: ", "))]\n"
                yaml += "    playback: {order: shuffle, gain: [-3, 0], pitch: [-100, 100]}\n"
            }
            if kind == "atmosphere" { yaml += "    loopable: true\n" }
            yaml += "    tags:\n" + tags(&rng)
            shape.items += 1
        }
        try yaml.write(to: folder.appendingPathComponent("pack.yaml"), atomically: true, encoding: .utf8)
    }

    /// Three to five tags: one or two locations, one or two moods, one theme.
    private static func tags(_ rng: inout SplitMix64) -> String {
        func pick(_ names: [String], _ count: Int, _ rng: inout SplitMix64) -> String {
            var chosen: [String] = []
            while chosen.count < count {
                let name = names[rng.below(names.count)]
                if !chosen.contains(name) { chosen.append(name) }
            }
            return chosen.map { "\"\($0)\"" }.joined(separator: ", ")
        }
        let count = 3 + rng.below(3)
        let locationCount = count >= 4 ? 2 : 1
        let moodCount = count == 5 ? 2 : 1
        return "      locations: [\(pick(locations, locationCount, &rng))]\n"
            + "      moods: [\(pick(moods, moodCount, &rng))]\n      themes: [\(pick(themes, 1, &rng))]\n"
    }

    /// 0.3 s of noise, 44.1 kHz mono 16-bit, different in every file: a decaying burst, or for a
    /// loop a steady bed that starts and ends at zero (no click at its seam).
    private static func writeWAV(_ url: URL, looping: Bool, rng: inout SplitMix64) throws -> Int64 {
        let frames = 13_230
        var data = WAVHeader.make(dataBytes: UInt32(frames * 2), channels: 1, sampleRate: 44_100)
        var samples = [Int16](repeating: 0, count: frames)
        let level = 4_000 + Double(rng.below(12_000))
        for index in 0..<frames {
            let edge = min(1, Double(min(index, frames - 1 - index)) / 441)
            let envelope = looping ? edge : exp(-Double(index) / 3_000)
            let noise = Double(Int64(bitPattern: rng.next() >> 48) - 32_768) / 32_768
            samples[index] = Int16(clamping: Int(noise * level * envelope)).littleEndian
        }
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        try data.write(to: url)
        return Int64(data.count)
    }

    /// One FLAC, one Ogg Vorbis and one MP3 (0.5 s of noise with this pack's seed), from one ffmpeg run.
    private static func encodedFiles(in audio: URL, seed: UInt64) throws -> (names: [String], bytes: Int64) {
        let names = [
            "AMBForst_Encoded Bed_BN_FLAC.flac", "AMBForst_Encoded Bed_BN_OGG.ogg", "AMBForst_Encoded Bed_BN_MP3.mp3",
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                "anoisesrc=d=0.5:c=pink:r=44100:a=0.2:s=\(seed % 2_000_000_000)",
            ] + ["-c:a", "flac", audio.appendingPathComponent(names[0]).path]
            + ["-c:a", "libvorbis", "-q:a", "3", audio.appendingPathComponent(names[1]).path]
            + ["-c:a", "libmp3lame", "-b:a", "128k", audio.appendingPathComponent(names[2]).path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchFailure(message: "ffmpeg could not encode the bench's FLAC/Ogg/MP3 files in \(audio.path)")
        }
        let bytes = try names.reduce(Int64(0)) { sum, name in
            let size = try FileManager.default.attributesOfItem(atPath: audio.appendingPathComponent(name).path)[.size]
            return sum + ((size as? NSNumber)?.int64Value ?? 0)
        }
        return (names, bytes)
    }
}
