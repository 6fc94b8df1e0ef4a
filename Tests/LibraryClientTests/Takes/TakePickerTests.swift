import CatalogModel
import LibraryClient
import Testing

/// The take picker over 10,000 triggers per setting: shuffle never repeats a take within
/// `avoidRepeat`, every take comes, counts are uniform (chi-square, p > 0.001), sequence wraps,
/// gain, pitch and waits stay in their ranges, and the same seed gives the same triggers.
struct TakePickerTests {
    static let draws = 10_000
    /// Chi-square critical values at p = 0.001 by degrees of freedom (1…8).
    static let critical: [Int: Double] = [
        1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458, 7: 24.322, 8: 26.124,
    ]

    static func chiSquare(_ counts: [Int]) -> Double {
        let expected = Double(counts.reduce(0, +)) / Double(counts.count)
        return counts.reduce(0) { $0 + pow2(Double($1) - expected) / expected }
    }

    static func pow2(_ x: Double) -> Double { x * x }

    static let shuffleSettings: [(takes: Int, avoid: Int)] = [
        (2, 0), (2, 1), (3, 1), (3, 2), (4, 0), (4, 1), (4, 2), (4, 3), (7, 3), (9, 8),
    ]

    @Test("shuffle: no take again within avoidRepeat, every take comes, uniform", arguments: shuffleSettings)
    func shuffle(takes: Int, avoid: Int) {
        var picker = TakePicker(takes: takes, playback: Playback(order: .shuffle, avoidRepeat: avoid))
        var random = SeededGenerator(seed: UInt64(takes * 100 + avoid))
        var history: [Int] = []
        var counts = [Int](repeating: 0, count: takes)
        for _ in 0..<Self.draws {
            let take = picker.next(using: &random).take
            #expect((0..<takes).contains(take))
            #expect(!history.suffix(avoid).contains(take), "take \(take) came again within \(avoid)")
            history.append(take)
            counts[take] += 1
        }
        #expect(counts.allSatisfy { $0 > 0 }, "\(counts)")
        let chi = Self.chiSquare(counts)
        #expect(chi < Self.critical[takes - 1]!, "counts \(counts), chi-square \(chi)")
    }

    @Test("shuffle: after a take, each take it may go to comes about equally often")
    func shuffleTransitionsAreUniform() {
        // 4 takes, avoidRepeat 1: after take t, the other three come with probability 1/3 each.
        var picker = TakePicker(takes: 4, playback: Playback(avoidRepeat: 1))
        var random = SeededGenerator(seed: 99)
        var after = [[Int]](repeating: [Int](repeating: 0, count: 4), count: 4)
        var previous = picker.next(using: &random).take
        for _ in 0..<Self.draws {
            let take = picker.next(using: &random).take
            after[previous][take] += 1
            previous = take
        }
        for (from, row) in after.enumerated() {
            #expect(row[from] == 0)
            let others = row.enumerated().filter { $0.offset != from }.map(\.element)
            #expect(Self.chiSquare(others) < Self.critical[2]!, "after \(from): \(row)")
        }
    }

    @Test("the defaults: shuffle avoiding the last take; one take always plays take 0")
    func defaults() {
        let rule = TakePicker(takes: 3).rule
        #expect(rule.order == .shuffle && rule.avoidRepeat == 1 && rule.interval == nil)
        #expect(rule.gain == 0...0 && rule.pitch == 0...0)
        var single = TakePicker(takes: 1)
        var random = SeededGenerator(seed: 1)
        #expect(single.rule.avoidRepeat == 0)
        #expect((0..<100).allSatisfy { _ in single.next(using: &random) == .init(take: 0, gain: 0, pitch: 0) })
        var previous = -1
        var picker = TakePicker(takes: 3)
        for _ in 0..<Self.draws {
            let take = picker.next(using: &random).take
            #expect(take != previous)
            previous = take
        }
    }

    @Test("sequence: the authored order, wrapping", arguments: [2, 3, 5])
    func sequenceWraps(takes: Int) {
        var picker = TakePicker(takes: takes, playback: Playback(order: .sequence))
        var random = SeededGenerator(seed: 5)
        for i in 0..<Self.draws { #expect(picker.next(using: &random).take == i % takes) }
    }

    @Test("random: independent uniform draws (repeats allowed)", arguments: [2, 3, 6])
    func randomIsUniformAndRepeats(takes: Int) {
        var picker = TakePicker(takes: takes, playback: Playback(order: .random, avoidRepeat: takes - 1))
        var random = SeededGenerator(seed: UInt64(takes))
        var counts = [Int](repeating: 0, count: takes)
        var repeats = 0
        var previous = -1
        for _ in 0..<Self.draws {
            let take = picker.next(using: &random).take
            counts[take] += 1
            if take == previous { repeats += 1 }
            previous = take
        }
        #expect(Self.chiSquare(counts) < Self.critical[takes - 1]!, "\(counts)")
        // Independent draws repeat about 1/takes of the time.
        let expected = Double(Self.draws) / Double(takes)
        #expect(abs(Double(repeats) - expected) < expected * 0.15, "\(repeats) repeats")
    }

    @Test("gain, pitch and waits are drawn inside their ranges and spread over them")
    func drawsStayInRange() {
        let playback = Playback(interval: [8, 20], gain: [-3, 0], pitch: [-100, 100])
        var picker = TakePicker(takes: 3, playback: playback)
        var random = SeededGenerator(seed: 2024)
        var gains: [Double] = []
        var pitches: [Double] = []
        var waits: [Double] = []
        for _ in 0..<Self.draws {
            let trigger = picker.next(using: &random)
            gains.append(trigger.gain)
            pitches.append(trigger.pitch)
            waits.append(picker.nextWait(using: &random)!)
        }
        #expect(gains.allSatisfy { (-3...0).contains($0) })
        #expect(pitches.allSatisfy { (-100...100).contains($0) })
        #expect(waits.allSatisfy { (8...20).contains($0) })
        // Spread: each tenth of a range gets about a tenth of the draws.
        for (values, range) in [(gains, -3.0...0), (pitches, -100...100), (waits, 8...20)] {
            var bins = [Int](repeating: 0, count: 10)
            let width = (range.upperBound - range.lowerBound) / 10
            for v in values { bins[min(Int((v - range.lowerBound) / width), 9)] += 1 }
            #expect(Self.chiSquare(bins) < 27.877, "\(bins)")  // df 9, p = 0.001
        }
        #expect(TakePicker(takes: 2).nextWait(using: &random) == nil)
    }

    @Test("the same seed gives the same triggers; another seed another order")
    func sameSeedSameSequence() {
        func run(seed: UInt64) -> [TakePicker.Trigger] {
            var picker = TakePicker(takes: 4, playback: Playback(avoidRepeat: 2, gain: [-6, 0], pitch: [-50, 50]))
            var random = SeededGenerator(seed: seed)
            return (0..<Self.draws).map { _ in picker.next(using: &random) }
        }
        #expect(run(seed: 42) == run(seed: 42))
        #expect(run(seed: 42).map(\.take) != run(seed: 43).map(\.take))
    }
}
