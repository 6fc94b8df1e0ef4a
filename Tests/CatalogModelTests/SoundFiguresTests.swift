import CatalogModel
import Foundation
import Testing

/// The sound keys of the seed and manifest (`loudness`, `loop`, `peaks`, the seed's targets):
/// read the same by the fast seed decoder and JSONDecoder, left out when absent, and the
/// playback gain computed from them.
struct SoundFiguresTests {
    static let item = Seed.Item(
        id: "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4", title: "Creek", sortOrder: 0,
        loudness: Loudness(integrated: -23.4, range: 5.1, truePeak: -1.2, momentaryMax: -16.0),
        loop: LoopRegion(start: 0, end: 1_440_000), peaks: Data(repeating: 7, count: 256).base64EncodedString())

    static func seed(_ items: [Seed.Item], targets: LoudnessTargets?) -> Seed {
        Seed(
            catalogVersion: 1, vocabularies: Vocabularies(), music: [],
            packs: [
                Seed.Pack(
                    id: "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10", slug: "a", kind: .atmosphere, title: "A", version: 1,
                    manifestURL: "packs/a/1/manifest.json", items: items)
            ], loudness: targets)
    }

    @Test func fastDecoderReadsTheSoundKeysAsJSONDecoderDoes() throws {
        var silent = Self.item
        silent.loudness?.integrated = nil
        silent.loop = nil
        let seed = Self.seed([Self.item, silent], targets: LoudnessTargets(atmosphere: -20, sfx: -14))
        let data = try CatalogJSON.encode(seed)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"integrated\" : null"))
        let fast = try #require(SeedFastDecoder.decode(data))
        #expect(fast.packs == seed.packs && fast.loudness == seed.loudness)
        #expect(fast == (try JSONDecoder().decode(Seed.self, from: data)))
    }

    @Test func seedsWithoutFiguresStayTheSame() throws {
        var plain = Self.item
        plain.loudness = nil
        plain.loop = nil
        plain.peaks = nil
        let data = try CatalogJSON.encode(Self.seed([plain], targets: nil))
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("loudness") && !text.contains("loop") && !text.contains("peaks"))
        #expect(SeedFastDecoder.decode(data) == (try JSONDecoder().decode(Seed.self, from: data)))
    }

    @Test func gainFollowsTheKindAndStaysUnderTheTruePeakCeiling() {
        let quiet = Loudness(integrated: -38.0, range: 3, truePeak: -20.0, momentaryMax: -30.0)
        #expect(PlaybackGain.gain(kind: .atmosphere, loudness: quiet, target: -23) == 15.0)
        #expect(PlaybackGain.gain(kind: .sfx, loudness: quiet, target: -16) == 14.0)
        // A loud, peaky effect: target − momentaryMax would be +4 dB, but its true peak allows +0.5 only.
        let peaky = Loudness(integrated: -25, range: 3, truePeak: -1.5, momentaryMax: -20.0)
        #expect(PlaybackGain.gain(kind: .sfx, loudness: peaky, target: -16) == 0.5)
        #expect(PlaybackGain.gain(kind: .atmosphere, loudness: peaky, target: -26) == -1.0)
        let silence = Loudness(integrated: nil, range: 0, truePeak: Loudness.floor, momentaryMax: Loudness.floor)
        #expect(PlaybackGain.gain(kind: .atmosphere, loudness: silence, target: -23) == nil)
        #expect(PlaybackGain.gain(kind: .sfx, loudness: silence, target: -16) == nil)
        #expect(PlaybackGain.gain(kind: .atmosphere, loudness: nil, target: -23) == nil)
    }

    @Test func packYAMLLoopInSecondsOrFrames() {
        let yaml = { (loop: String) in
            """
            id: 3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10
            slug: a
            kind: atmosphere
            title: A
            version: 1
            items:
              - id: 9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4
                title: Creek
                file: creek.wav
                loop: \(loop)
            """
        }
        let seconds = PackSource.parse(yaml("{start: 0.5, end: 30.5}"), file: "pack.yaml").0
        #expect(seconds?.items.first?.loop?.region(sampleRate: 48000) == LoopRegion(start: 24000, end: 1_464_000))
        let frames = PackSource.parse(yaml("{startFrame: 10, endFrame: 99}"), file: "pack.yaml").0
        #expect(frames?.items.first?.loop == .frames(start: 10, end: 99))
        let (_, problems) = PackSource.parse(yaml("{start: 3, end: 1}"), file: "pack.yaml")
        #expect(problems.contains { $0.severity == .error && $0.path == "items[0].loop" && $0.line == 10 })
    }

    @Test func catalogYAMLLoudnessTargets() {
        let catalog = CatalogSource.parse("title: T\nloudness: {atmosphere: -20}\n", file: "catalog.yaml").0
        #expect(catalog?.loudness == LoudnessTargets(atmosphere: -20, sfx: -16))
        #expect(CatalogSource.parse("title: T\n", file: "catalog.yaml").0?.loudness == .defaults)
        let (_, problems) = CatalogSource.parse("title: T\nloudness: {sfx: 5}\n", file: "catalog.yaml")
        #expect(problems.contains { $0.path == "loudness.sfx" })
    }
}
