import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// What the library takes on the device, as `client storage` shows it.
@Suite("Library storage", .serialized, .startsProcesses, .timeLimit(.minutes(2)))
struct LibraryStorageTests {
    @Test("the database, the index and each installed pack's audio; the least recently played pack first")
    func storageByPart() async throws {
        let fx = try InstallFixture()
        try await fx.sync(from: fx.dist.path)
        let before = try await fx.library.storage()
        #expect(before.packs.isEmpty && before.database > 0 && before.total >= before.database)
        let manager = fx.manager()
        _ = try await manager.startDownload("dungeon-delve")
        _ = try await manager.startDownload("tavern-life")
        let item = try #require(try await fx.library.packs.fetchPackDetail("dungeon-delve").items.first)
        _ = try await fx.library.plays.record(PlayInput(target: item.id, secondsPlayed: 30))

        let storage = try await fx.library.storage()
        #expect(storage.packs.map(\.slug) == ["tavern-life", "dungeon-delve"], "never played first")
        #expect(storage.packs[0].lastPlayedAt == nil && storage.packs[1].lastPlayedAt != nil)
        let folder = fx.library.paths.audioAssets.appendingPathComponent(InstallFixture.dungeon)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let bytes = try files.reduce(Int64(0)) {
            $0
                + ((try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($1).path)[.size]
                    as? NSNumber)?.int64Value ?? 0)
        }
        #expect(storage.packs[1].files == files.count && storage.packs[1].bytes == bytes)
        #expect(
            storage.total == storage.database + storage.index + storage.staging
                + storage.packs.reduce(0) { $0 + $1.bytes })
        #expect((storage.free ?? 0) > 0)
    }
}
