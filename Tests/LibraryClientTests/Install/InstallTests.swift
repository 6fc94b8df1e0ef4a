import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// Install, uninstall, upgrade and repair against a real nginx (and the request-logging server
/// where the test must count requests), with a catalog the real `catalog publish` wrote.
@Suite("Install pipeline", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct InstallTests {
    @Test("install makes items available; files carry the manifest hashes; local_path is relative")
    func installFromNginx() async throws {
        let fx = try InstallFixture()
        let nginx = try NginxServer(root: fx.dist.path)
        defer { nginx.stop() }
        try await fx.sync(from: nginx.baseURL.absoluteString)
        let manager = fx.manager()
        let events = manager.progress(for: InstallFixture.dungeon)
        let result = try await manager.startDownload("dungeon-delve")
        let manifest = try fx.manifest()
        #expect(result.state == .downloaded)
        #expect(result.files == manifest.assets.count)
        #expect(result.bytes == manifest.totalBytes)

        let state = try await fx.state()
        #expect(state.state == "downloaded")
        #expect(state.installedVersion == 1)
        #expect(state.lastError == nil)
        #expect(state.bytesDownloaded == manifest.totalBytes)
        let rows = try await fx.localAssets()
        #expect(rows.count == manifest.assets.count)
        for asset in manifest.assets {
            let row = try #require(rows.first { $0.id == asset.assetId })
            #expect(row.localPath == "AudioAssets/\(InstallFixture.dungeon)/\(asset.fileName)")
            #expect(row.sha256 == asset.sha256)
        }
        #expect(fx.wronglyInstalled(manifest).isEmpty)
        #expect(try await fx.audioRowCount() == manifest.assets.count)
        // Each file's published URL is where the catalog serves it, byte for byte (what a relay's players fetch).
        let first = try #require(manifest.assets.first { $0.takeNumber == 0 })
        let audio = try #require(try await fx.library.items.fetchInstalledAudio(itemID: first.itemId))
        let published = try #require(audio.publishedURL)
        #expect(published.absoluteString.hasPrefix(nginx.baseURL.absoluteString + "packs/"))
        let fetched = fx.root.appendingPathComponent("published.bin")
        let curl = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/curl"), ["-sf", "-o", fetched.path, published.absoluteString])
        #expect(curl.status == 0)
        #expect(try Data(contentsOf: fetched) == Data(contentsOf: audio.file))
        let detail = try await fx.library.packs.fetchPackDetail(PackReference(InstallFixture.dungeon))
        #expect(detail.items.count == manifest.assets.count)
        #expect(detail.items.allSatisfy { $0.availability == .available })
        #expect(!FileManager.default.fileExists(atPath: fx.staging.appendingPathComponent(InstallFixture.dungeon).path))

        var phases: [PackDownloadEvent.Phase] = []
        for await event in events {
            phases.append(event.phase)
            if event.phase.isFinal { break }
        }
        #expect(phases.first == .started)
        #expect(phases.last == .downloaded)
    }

    @Test("uninstall removes files and rows; items stay listed and unavailable")
    func uninstall() async throws {
        let fx = try InstallFixture()
        let nginx = try NginxServer(root: fx.dist.path)
        defer { nginx.stop() }
        try await fx.sync(from: nginx.baseURL.absoluteString)
        let manager = fx.manager()
        try await manager.startDownload(PackReference(InstallFixture.dungeon.uppercased()))
        let removed = try await manager.deletePack("dungeon-delve")
        #expect(removed.state == .notDownloaded)
        #expect(removed.files == 9)
        #expect(fx.installedFiles().isEmpty)
        #expect(
            !FileManager.default.fileExists(
                atPath: fx.root.appendingPathComponent("AudioAssets/\(InstallFixture.dungeon)").path))
        #expect(try await fx.localAssets().isEmpty)
        #expect(try await fx.audioRowCount() == 0)
        let state = try await fx.state()
        #expect(state.state == "not_downloaded")
        #expect(state.installedVersion == nil)
        let detail = try await fx.library.packs.fetchPackDetail(PackReference(InstallFixture.dungeon))
        #expect(detail.items.count == 9)
        #expect(detail.items.allSatisfy { $0.availability == .notDownloaded })
        let listed = try await fx.library.items.fetchItems(kind: .sfx, filters: Filters(), sort: .title)
        #expect(listed.filter { $0.packID == InstallFixture.dungeon }.count == 9)
    }

    @Test("upgrade v1 → v2 with one changed asset downloads only that asset")
    func upgrade() async throws {
        let fx = try InstallFixture()
        let server = try FaultyHTTPServer(root: fx.dist.path)
        defer { server.stop() }
        try await fx.sync(from: server.baseURL.absoluteString)
        let manager = fx.manager()
        try await manager.startDownload("dungeon-delve")
        let v1 = try fx.manifest()

        let yaml = fx.source + "/packs/dungeon-delve/pack.yaml"
        try DemoCatalog.edit(yaml, replacing: "version: 1 ", with: "version: 2 ")
        let wav = URL(fileURLWithPath: fx.source + "/packs/dungeon-delve/audio/door-creak.wav")
        var bytes = try Data(contentsOf: wav)
        bytes[bytes.count - 1] ^= 0x01
        try bytes.write(to: wav)
        try fx.publish()
        try await fx.sync(from: server.baseURL.absoluteString)
        let v2 = try fx.manifest(version: 2)
        let changed = v2.assets.filter { a in !v1.assets.contains { $0.sha256 == a.sha256 } }
        #expect(changed.count == 1)

        let before = server.requests.count
        let result = try await manager.startDownload("dungeon-delve")
        let fetched = server.requests.dropFirst(before).map(\.path).filter {
            $0.contains("/2/") && !$0.hasSuffix("manifest.json")
        }
        #expect(fetched == ["/packs/\(InstallFixture.dungeon)/2/assets/\(changed[0].fileName)"])
        #expect(result.reusedFiles == v2.assets.count - 1)
        let state = try await fx.state()
        #expect(state.state == "downloaded")
        #expect(state.installedVersion == 2)
        let rows = try await fx.localAssets()
        #expect(Set(rows.map(\.sha256)) == Set(v2.assets.map(\.sha256)))
        #expect(fx.installedFiles() == Set(v2.assets.map(\.fileName)))
        #expect(fx.wronglyInstalled(v2).isEmpty)
    }

    @Test("repair re-hashes installed files and refetches only the corrupted and the missing one")
    func repair() async throws {
        let fx = try InstallFixture()
        let server = try FaultyHTTPServer(root: fx.dist.path)
        defer { server.stop() }
        try await fx.sync(from: server.baseURL.absoluteString)
        let manager = fx.manager()
        try await manager.startDownload("dungeon-delve")
        let manifest = try fx.manifest()
        let folder = fx.root.appendingPathComponent("AudioAssets/\(InstallFixture.dungeon)")
        let damaged = manifest.assets[0]
        let deleted = manifest.assets[1]
        try fx.corrupt(folder.appendingPathComponent(damaged.fileName))
        try FileManager.default.removeItem(at: folder.appendingPathComponent(deleted.fileName))

        let before = server.requests.count
        let result = try await manager.repairOrResume("dungeon-delve")
        let fetched = Set(server.requests.dropFirst(before).map(\.path).filter { $0.contains("/assets/") })
        #expect(
            fetched == [
                "/packs/\(InstallFixture.dungeon)/1/assets/\(damaged.fileName)",
                "/packs/\(InstallFixture.dungeon)/1/assets/\(deleted.fileName)",
            ])
        #expect(result.reusedFiles == manifest.assets.count - 2)
        #expect(fx.wronglyInstalled(manifest).isEmpty)
        #expect(try await fx.state().state == "downloaded")
    }

    @Test("a plain-folder catalog installs by stream copy, per asset when asked")
    func folderCatalogPerAsset() async throws {
        let fx = try InstallFixture()
        try await fx.sync(from: fx.dist.path)
        let result = try await fx.manager().startDownload("forest-ambience", perAsset: true)
        #expect(result.state == .downloaded)
        #expect(result.files == 6)
        #expect(fx.installedFiles(result.packID).count == 6)
        let item = try #require(try fx.manifest(result.packID).assets.first { $0.takeNumber == 0 }?.itemId)
        let audio = try await fx.library.items.fetchInstalledAudio(itemID: item)
        #expect(audio != nil && audio?.publishedURL == nil, "a folder is nobody's address")
    }
}
