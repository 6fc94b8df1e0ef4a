import CatalogFormat
import Foundation
import SyntheticData
import TestSupport
import Testing

/// `SeedStreamPipe` reads on a second thread: the handler must see exactly what the reader
/// hands over, in order, with each item's preparation, and errors from either side must arrive
/// after everything before them and stop the other side.
struct SeedStreamPipeTests {
    struct Failure: Error, Equatable { var at: Int }

    /// Prepares each item as "kind of its pack / title", failing at item number `failAt`.
    struct Labeller: SeedItemPreparer {
        var kinds: [Kind] = []
        var seen = 0
        var failAt: Int?
        mutating func pack(_ pack: Seed.Pack, index: Int) throws {
            #expect(index == kinds.count)
            kinds.append(pack.kind)
        }
        mutating func prepare(_ item: Seed.Item, pack: Int, index: Int) throws -> String {
            defer { seen += 1 }
            if seen == failAt { throw Failure(at: seen) }
            return "\(kinds[pack].rawValue)/\(item.title)"
        }
    }

    /// Collects what arrives back into one `Seed`, with the labels; fails at item `failAt`.
    struct Collector: PreparedSeedStreamHandler {
        typealias Preparer = Labeller
        var inner = SeedStreamReaderTests.Collector()
        var labels: [String] = []
        var failAt: Int?
        mutating func begin(_ header: Seed) throws { try inner.begin(header) }
        mutating func pack(_ pack: Seed.Pack, index: Int) throws { try inner.pack(pack, index: index) }
        mutating func item(_ item: Seed.Item, pack: Int, index: Int) throws {
            Issue.record("the pipe hands every item over with its preparation")
        }
        mutating func item(_ item: Seed.Item, prepared: String, pack: Int, index: Int) throws {
            if labels.count == failAt { throw Failure(at: labels.count) }
            try inner.item(item, pack: pack, index: index)
            labels.append(prepared)
        }
        mutating func end(loudness: LoudnessTargets?) throws { try inner.end(loudness: loudness) }
    }

    static func seedFile(items: Int, _ tmp: TemporaryDirectory) throws -> (Seed, String) {
        let seed = SyntheticSeed(items: items).seed()
        let file = tmp.url.appendingPathComponent("seed.json")
        try CatalogJSON.encode(seed).write(to: file)
        return (seed, file.path)
    }

    static func labels(_ seed: Seed) -> [String] {
        seed.packs.flatMap { pack in pack.items.map { "\(pack.kind.rawValue)/\($0.title)" } }
    }

    @Test(arguments: [(1, 1), (7, 2), (256, 8)])
    func aSeedArrivesAsTheReaderHandsItOver(batch: Int, capacity: Int) throws {
        let tmp = try TemporaryDirectory(prefix: "seedpipe")
        let (seed, path) = try Self.seedFile(items: 3000, tmp)
        var collector = Collector()
        try SeedStreamPipe<String>.read(
            path: path, into: &collector, preparer: Labeller(), batchSize: batch, capacity: capacity)
        #expect(collector.inner.seed == seed)
        #expect(collector.labels == Self.labels(seed))
    }

    @Test func aPreparerFailureArrivesAfterEveryItemBeforeIt() throws {
        let tmp = try TemporaryDirectory(prefix: "seedpipe")
        let (seed, path) = try Self.seedFile(items: 2000, tmp)
        let all = Self.labels(seed)
        for failAt in [0, 1, 255, 256, all.count - 1] {
            var collector = Collector()
            #expect(throws: Failure(at: failAt)) {
                try SeedStreamPipe<String>.read(
                    path: path, into: &collector, preparer: Labeller(failAt: failAt), batchSize: 256, capacity: 2)
            }
            #expect(collector.labels.count == failAt)
            #expect(collector.labels == Array(all.prefix(failAt)))
        }
    }

    /// The handler stops at an item while the reader, far ahead, waits on a full queue: the
    /// call returns the handler's error and nothing more is handed over.
    @Test func aHandlerFailureStopsTheReader() throws {
        let tmp = try TemporaryDirectory(prefix: "seedpipe")
        let (seed, path) = try Self.seedFile(items: 5000, tmp)
        var collector = Collector(failAt: 10)
        #expect(throws: Failure(at: 10)) {
            try SeedStreamPipe<String>.read(
                path: path, into: &collector, preparer: Labeller(), batchSize: 4, capacity: 1)
        }
        #expect(collector.labels == Array(Self.labels(seed).prefix(10)))
    }

    @Test func aDocumentTheReaderIsUnsureOfIsRefusedThroughThePipe() throws {
        let tmp = try TemporaryDirectory(prefix: "seedpipe")
        let (_, path) = try Self.seedFile(items: 500, tmp)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count - 40).write(to: URL(fileURLWithPath: path))
        var collector = Collector()
        #expect(throws: SeedStreamError.unsure) {
            try SeedStreamPipe<String>.read(path: path, into: &collector, preparer: Labeller())
        }
    }
}
