import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// The seed's sound figures in the database: stored per item with the catalog's targets,
/// exposed on ItemDetail with the playback gain, updated and removed by later syncs, and
/// absent (never invented) for catalogs without them.
@Suite struct SoundFiguresImportTests {
    static let figures = Loudness(integrated: -33.0, range: 2.5, truePeak: -20.0, momentaryMax: -30.0)

    static func seed(figures: Loudness?, targets: LoudnessTargets?, version: Int = 1) -> Seed {
        var creek = SeedFactory.item(1, "Creek")
        creek.loudness = figures
        creek.loop = figures.map { _ in LoopRegion(start: 10, end: 48000) }
        creek.peaks = figures.map { _ in Data(repeating: 200, count: 256).base64EncodedString() }
        var seed = SeedFactory.seed(
            version: version, vocabulary: [:],
            packs: [
                SeedFactory.pack(100, "forest", kind: .atmosphere, items: [creek, SeedFactory.item(2, "Owl")])
            ])
        seed.loudness = targets
        return seed
    }

    @Test func figuresAndTargetsAreStoredAndGiveTheGain() async throws {
        let h = try Harness()
        try await h.publishAndSync(
            Self.seed(figures: Self.figures, targets: LoudnessTargets(atmosphere: -20, sfx: -14)))
        let detail = try await h.library.items.fetchItemDetail(itemID: tid(1))
        #expect(detail.sound?.loudness == Self.figures)
        #expect(detail.sound?.loop == LoopRegion(start: 10, end: 48000))
        #expect(detail.sound?.peaks.flatMap { Data(base64Encoded: $0) }?.count == 256)
        #expect(detail.loudnessTargets == LoudnessTargets(atmosphere: -20, sfx: -14))
        #expect(detail.gain == 13.0)  // −20 − (−33)
        #expect(detail.gain(target: -10) == 19.0)  // capped: −1 − (−20)
        let owl = try await h.library.items.fetchItemDetail(itemID: tid(2))
        #expect(owl.sound == nil && owl.gain == nil)
    }

    @Test func catalogsWithoutFiguresImportUnchanged() async throws {
        let h = try Harness()
        try await h.publishAndSync(Self.seed(figures: nil, targets: nil))
        let detail = try await h.library.items.fetchItemDetail(itemID: tid(1))
        #expect(detail.sound == nil && detail.gain == nil)
        #expect(detail.loudnessTargets == .defaults)
        let rows = try await h.library.database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM item_sound")
        }
        #expect(rows == 0)
    }

    @Test func laterSyncsReplaceAndRemoveFigures() async throws {
        let h = try Harness()
        try await h.publishAndSync(Self.seed(figures: Self.figures, targets: nil))
        var louder = Self.figures
        louder.integrated = -21.0
        try await h.publishAndSync(Self.seed(figures: louder, targets: nil, version: 2), version: 2)
        #expect(try await h.library.items.fetchItemDetail(itemID: tid(1)).gain == -2.0)  // −23 − (−21)
        try await h.publishAndSync(Self.seed(figures: nil, targets: nil, version: 3), version: 3)
        #expect(try await h.library.items.fetchItemDetail(itemID: tid(1)).sound == nil)
    }
}
