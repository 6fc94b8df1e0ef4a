import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// `collectGarbage` on a data root with every kind of leftover: it removes exactly the stray
/// files, the folders left empty and the leftovers of installs whose owner is gone; a referenced
/// file and a running install's files stay; a dry run only counts; nothing else changes.
@Suite struct GCTests {
    /// A data root with an installed pack (items 1, 2 of pack 100) and one of each leftover.
    /// Returns the paths gc must remove with their bytes.
    func messyRoot(_ h: Harness) async throws -> (expected: [String: Int], running: InstallLock) {
        try await h.publishAndSync(FilterFacetTests.seed())
        try await UpdateTests().install(h, pack: 100, items: [1, 2])
        let root = h.root
        let pack = tid(100)
        let dead = tid(200)
        let running = tid(300)
        var expected: [String: Int] = [:]
        func stray(_ path: String, _ bytes: Int) throws {
            try writeFile(root, path, bytes: bytes)
            expected[path] = bytes
        }
        try stray("AudioAssets/\(pack)/\(tid(9999)).wav", 10)  // beside referenced files
        try stray("AudioAssets/\(pack)/nested/deep/old.aac", 7)  // in folders that end up empty
        try stray("AudioAssets/stray.bin", 3)  // directly in AudioAssets/
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("AudioAssets/\(tid(400))/empty"),
            withIntermediateDirectories: true)  // an empty pack folder
        // An interrupted install of pack 200: its owner (pid 2^22 + 1, never a live pid here) is gone.
        try stray(".staging/\(dead)/downloads/\(String(repeating: "a", count: 64)).part", 100)
        try stray(".staging/\(dead)/files/x.wav", 20)
        try stray(".staging/\(dead).old/y.wav", 5)
        try "4194305\n".write(
            to: root.appendingPathComponent(".staging/\(dead).lock"), atomically: true, encoding: .utf8)
        expected[".staging/\(dead).lock"] = 8
        // A running install of pack 300 (this process holds its lock), with a file already moved in.
        try writeFile(root, ".staging/\(running)/downloads/\(String(repeating: "b", count: 64)).part", bytes: 50)
        try writeFile(root, "AudioAssets/\(running)/z.wav", bytes: 4)
        let lock = try InstallLock.acquire(StagingArea(paths: LibraryPaths(root: root), packId: running), wait: 0)
        return (expected, lock)
    }

    @Test func removesExactlyTheOrphansAndLeavesEverythingElse() async throws {
        let h = try Harness()
        let (expected, running) = try await messyRoot(h)
        defer { running.release() }
        let lib = try h.library
        let before = try rootSnapshot(h.root)
        let rows = try await h.dump()

        let preview = try await lib.collectGarbage(dryRun: true)
        #expect(
            preview.files == expected.count && preview.bytes == Int64(expected.values.reduce(0, +)) && preview.dryRun)
        #expect(try rootSnapshot(h.root) == before)

        let result = try await lib.collectGarbage()
        #expect(result.files == expected.count && result.bytes == Int64(expected.values.reduce(0, +)) && !result.dryRun)
        #expect(result.skippedPacks == [tid(300)])
        var left = before
        for path in before.keys where expected.keys.contains(where: { $0 == path }) { left[path] = nil }
        // Folders that held only removed files, the empty pack folder, the dead install's folders.
        for path in before.keys
        where before[path] == "dir" && !left.keys.contains(where: { $0.hasPrefix(path + "/") && left[$0] != "dir" }) {
            if path != "AudioAssets" && path != ".staging" { left[path] = nil }
        }
        #expect(try rootSnapshot(h.root) == left)
        #expect(left["AudioAssets/\(tid(100))/\(tid(9001)).wav"] != nil)  // referenced
        #expect(left[".staging/\(tid(300)).lock"] != nil && left["AudioAssets/\(tid(300))/z.wav"] != nil)  // running
        #expect(try await h.dump() == rows)
        #expect(
            try await lib.items.fetchItems(kind: .sfx, filters: Filters(), sort: .title).filter {
                $0.availability == .available
            }.count == 2)

        let again = try await lib.collectGarbage()
        #expect(again.files == 0 && again.bytes == 0)
    }
}
