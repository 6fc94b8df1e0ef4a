import Foundation
import SyntheticData
import Testing

@testable import AudioProbe

typealias SeededGenerator = SplitMix64

@Suite("Hostile input never crashes or hangs")
struct FuzzTests {
    static let codecs: Set<String> = ["pcm", "flac", "vorbis", "opus", "mp3", "aac", "alac"]
    static let magics: [[UInt8]] = [
        Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), Array("RF64\u{FF}\u{FF}\u{FF}\u{FF}WAVE".utf8),
        Array("FORM\u{0}\u{0}\u{0}\u{0}AIFF".utf8), Array("FORM\u{0}\u{0}\u{0}\u{0}AIFC".utf8), Array("fLaC".utf8),
        Array("OggS".utf8), Array("ID3".utf8), [0, 0, 0, 0x18] + Array("ftyp".utf8), [0xFF, 0xFB], [0xFF, 0xF3], [],
    ]

    /// Probes `data`; a result must be plausible, and the only possible failure is an
    /// AudioProbeError (typed throws guarantees that).
    static func check(_ data: Data, _ label: String) {
        do {
            let info = try AudioProbe.probe(data: data, name: label)
            #expect(
                codecs.contains(info.codec) && info.sampleRate > 0 && info.channels > 0
                    && info.duration.isFinite && info.duration >= 0, "\(label): \(info)")
        } catch {
            #expect(!error.message.isEmpty && error.file == label)
        }
    }

    static func mutate(_ original: [UInt8], using rng: inout SeededGenerator) -> [UInt8] {
        var bytes = original
        guard !bytes.isEmpty else { return bytes }
        let headerSpan = min(bytes.count, 1024)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:  // flip a few bits, mostly in the headers
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let i =
                    Bool.random(using: &rng)
                    ? Int.random(in: 0..<headerSpan, using: &rng) : Int.random(in: 0..<bytes.count, using: &rng)
                bytes[i] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
            }
        case 1:  // truncate anywhere
            bytes.removeLast(Int.random(in: 0..<bytes.count, using: &rng))
        case 2:  // overwrite a 32-bit field with an extreme value
            let i = Int.random(in: 0..<max(1, headerSpan - 4), using: &rng)
            let value =
                [
                    UInt32(0), 1, 7, 8, 0x7FFF_FFFF, 0xFFFF_FFFF, 0x8000_0000,
                    UInt32.random(in: 0...UInt32.max, using: &rng),
                ]
                .randomElement(using: &rng) ?? 0
            for k in 0..<4 where i + k < bytes.count { bytes[i + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
        case 3:  // random bytes over a stretch of the headers
            let i = Int.random(in: 0..<headerSpan, using: &rng)
            for k in i..<min(bytes.count, i + Int.random(in: 1...64, using: &rng)) {
                bytes[k] = UInt8.random(in: 0...255, using: &rng)
            }
        case 4:  // cut a piece out of the middle
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            bytes.removeSubrange(i..<min(bytes.count, i + Int.random(in: 1...512, using: &rng)))
        default:  // flip bits and then truncate
            bytes[Int.random(in: 0..<headerSpan, using: &rng)] ^= 0xFF
            bytes.removeLast(Int.random(in: 0..<bytes.count, using: &rng))
        }
        return bytes
    }

    @Test("mutated fixtures", .timeLimit(.minutes(5)), arguments: Fixtures.names)
    func mutatedFixtures(name: String) throws {
        let original = try [UInt8](Fixtures.data(name))
        var rng = SeededGenerator(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        for round in 0..<300 {
            Self.check(Data(Self.mutate(original, using: &rng)), "\(name)#\(round)")
        }
    }

    @Test("random bytes behind every magic number", .timeLimit(.minutes(5)))
    func randomInput() {
        var rng = SeededGenerator(seed: 2024)
        for round in 0..<1500 {
            let magic = Self.magics[round % Self.magics.count]
            let length = Int.random(in: 0...(round % 3 == 0 ? 64 : 4096), using: &rng)
            let body = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            Self.check(Data(magic + body), "random#\(round)")
        }
    }

    @Test("files and in-memory data give the same answer, mutated or not", .timeLimit(.minutes(5)))
    func fileAndDataAgree() throws {
        var rng = SeededGenerator(seed: 7)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (index, name) in Fixtures.names.enumerated() {
            let original = try [UInt8](Fixtures.data(name))
            for round in 0..<8 {
                let bytes = round == 0 ? original : Self.mutate(original, using: &rng)
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                let fromFile = Result { () throws(AudioProbeError) in try AudioProbe.probe(fileAt: path) }
                let fromData = Result { () throws(AudioProbeError) in
                    try AudioProbe.probe(data: Data(bytes), name: path)
                }
                #expect(fromFile == fromData, "\(name) round \(round) (#\(index))")
            }
        }
    }
}
