import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// The audio budget: an install that would take the installed audio over it offloads packs
/// first — least recently played first, favorites and scene members last — and says which.
@Suite("Audio budget", .serialized, .startsProcesses, .timeLimit(.minutes(2)))
struct AudioBudgetTests {
    static let (dungeon, tavern, forest) = ("dungeon-delve", "tavern-life", "forest-ambience")

    /// A synced library with dungeon-delve and tavern-life installed and an item of dungeon-delve
    /// played; returns each pack's audio bytes by slug.
    func twoInstalled(_ fx: InstallFixture) async throws -> [String: Int64] {
        try await fx.sync(from: fx.dist.path)
        let manager = fx.manager()
        var bytes: [String: Int64] = [:]
        for slug in [Self.dungeon, Self.tavern, Self.forest] {
            bytes[slug] = try fx.manifest(try await fx.library.packs.fetchPack(PackReference(slug)).id).totalBytes
        }
        _ = try await manager.startDownload(PackReference(Self.dungeon))
        _ = try await manager.startDownload(PackReference(Self.tavern))
        let item = try #require(try await fx.library.packs.fetchPackDetail(PackReference(Self.dungeon)).items.first)
        _ = try await fx.library.plays.record(PlayInput(target: item.id, secondsPlayed: 30))
        return bytes
    }

    func state(_ fx: InstallFixture, _ slug: String) async throws -> PackState {
        try await fx.library.packs.fetchPack(PackReference(slug)).state
    }

    @Test(
        "over the budget, the pack never played goes first; its items stay listed as offloaded; an install brings it back"
    )
    func leastRecentlyPlayedGoesFirst() async throws {
        let fx = try InstallFixture()
        let bytes = try await twoInstalled(fx)
        // Room for two of the three packs.
        try await fx.library.setAudioBudget(bytes[Self.dungeon]! + bytes[Self.forest]! + 10)
        let manager = fx.manager()
        let result = try await manager.startDownload(PackReference(Self.forest))
        #expect(result.state == .downloaded)
        #expect(result.offloaded.map(\.slug) == [Self.tavern])
        #expect(result.offloaded.first?.bytes == bytes[Self.tavern])
        #expect(try await state(fx, Self.tavern) == .offloaded)
        #expect(try await state(fx, Self.dungeon) == .downloaded)
        let tavern = try await fx.library.packs.fetchPackDetail(PackReference(Self.tavern))
        #expect(!tavern.items.isEmpty && tavern.items.allSatisfy { $0.availability == .offloaded })
        let folder = fx.library.paths.audioAssets.appendingPathComponent(tavern.pack.id)
        #expect(!FileManager.default.fileExists(atPath: folder.path), "its audio is gone")
        let storage = try await fx.library.storage()
        #expect(storage.audioBudget == bytes[Self.dungeon]! + bytes[Self.forest]! + 10)
        #expect(storage.packs.reduce(0) { $0 + $1.bytes } <= storage.audioBudget!)

        // Back again: now forest-ambience (never played) makes room, not the played dungeon-delve.
        let back = try await manager.startDownload(PackReference(Self.tavern))
        #expect(back.state == .downloaded && back.offloaded.map(\.slug) == [Self.forest])
        let again = try await fx.library.packs.fetchPackDetail(PackReference(Self.tavern))
        #expect(again.items.allSatisfy { $0.availability == .available })
    }

    @Test("a pack with a favorite is offloaded after the others, even when it was never played")
    func favoritesGoLast() async throws {
        let fx = try InstallFixture()
        let bytes = try await twoInstalled(fx)
        let kept = try #require(try await fx.library.packs.fetchPackDetail(PackReference(Self.tavern)).items.first)
        _ = try await fx.library.favorites.favorite(itemID: kept.id)
        try await fx.library.setAudioBudget(bytes[Self.tavern]! + bytes[Self.forest]! + 10)
        let result = try await fx.manager().startDownload(PackReference(Self.forest))
        #expect(result.offloaded.map(\.slug) == [Self.dungeon])
        #expect(try await state(fx, Self.tavern) == .downloaded)
    }

    @Test("a pack the budget cannot hold even with every other pack gone is refused, and nothing is offloaded")
    func tooLargeForTheBudget() async throws {
        let fx = try InstallFixture()
        _ = try await twoInstalled(fx)
        try await fx.library.setAudioBudget(1000)
        await #expect(throws: PackInstallError.self) {
            try await fx.manager().startDownload(PackReference(Self.forest))
        }
        #expect(try await state(fx, Self.dungeon) == .downloaded)
        #expect(try await state(fx, Self.tavern) == .downloaded)
        let forest = try await fx.library.packs.fetchPack(PackReference(Self.forest))
        #expect(forest.state == .failed)
        #expect(forest.lastError?.contains("audio budget is 1000 bytes") == true, "\(forest.lastError ?? "")")
        // No budget, no limit.
        try await fx.library.setAudioBudget(nil)
        let result = try await fx.manager().startDownload(PackReference(Self.forest))
        #expect(result.state == .downloaded && result.offloaded.isEmpty)
    }
}
