import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// The install plan against nginx, counted in nginx's access log: files shared with another
/// installed pack are linked instead of fetched, a mostly changed pack comes as its archive, and
/// a corrupted installed file is never reused.
@Suite("Install reuse across packs", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct InstallReuseTests {
    let caves = GeneratedCatalog.Pack(slug: "caves", contents: Array(1...8))
    let mines = GeneratedCatalog.Pack(slug: "mines", contents: [1, 2, 3, 4, 5, 201, 202, 203])

    /// A generated catalog served by nginx, synced into a fresh library.
    private func serve(_ packs: [GeneratedCatalog.Pack]) async throws -> (
        TemporaryDirectory, GeneratedCatalog, NginxServer, Library
    ) {
        let tmp = try TemporaryDirectory(prefix: "reuse")
        let catalog = try GeneratedCatalog(in: tmp)
        try catalog.write(packs)
        try catalog.publish()
        let nginx = try NginxServer(root: catalog.dist.path)
        let library = try Library(root: tmp.url.appendingPathComponent("root"))
        _ = try await library.sync(SyncOptions(catalog: nginx.baseURL))
        return (tmp, catalog, nginx, library)
    }

    private func manager(_ library: Library) -> PackDownloadManager {
        library.makeDownloadManager(policy: InstallFixture.fastPolicy)
    }

    @Test("a pack sharing 5 files with an installed pack fetches none of them: they are hard-linked")
    func sharedAcrossPacks() async throws {
        let (tmp, catalog, nginx, library) = try await serve([caves, mines])
        defer { nginx.stop() }
        _ = tmp
        let manager = manager(library)
        try await manager.startDownload("caves")
        let before = nginx.accessLog().count
        let result = try await manager.startDownload("mines")
        let log = nginx.accessLog().dropFirst(before)

        let manifest = try catalog.manifest(mines)
        let shared = manifest.assets.prefix(5)
        let own = manifest.assets.suffix(3)
        let assetPaths = log.map(\.path).filter { $0.contains("/assets/") }
        #expect(Set(assetPaths) == Set(own.map { "/packs/\(mines.id)/1/assets/\($0.fileName)" }))
        #expect(!log.contains { $0.path.hasSuffix("pack.tar") })
        let fetched = log.filter { $0.path.contains("/assets/") }.reduce(Int64(0)) { $0 + $1.bytes }
        #expect(fetched == own.reduce(0) { $0 + $1.bytes })
        #expect(result.reusedFiles == 5)
        #expect(result.downloadedBytes == fetched)

        let folder = library.paths.audioAssets.appendingPathComponent(mines.id)
        for asset in manifest.assets {
            let path = folder.appendingPathComponent(asset.fileName).path
            #expect(try SHA256Digest.file(atPath: path).sha256 == asset.sha256)
        }
        // Linked, not copied: the shared file has a second name.
        let links = try FileManager.default.attributesOfItem(
            atPath: folder.appendingPathComponent(shared[shared.startIndex].fileName).path)[.referenceCount]
        #expect((links as? NSNumber)?.intValue == 2)

        // Removing the first pack leaves the second one's files whole.
        try await manager.deletePack("caves")
        for asset in shared {
            let path = folder.appendingPathComponent(asset.fileName).path
            #expect(try SHA256Digest.file(atPath: path).sha256 == asset.sha256)
        }
    }

    @Test("an installed file corrupted on disk (same size) is not reused; the others are")
    func corruptedNotReused() async throws {
        let (tmp, catalog, nginx, library) = try await serve([caves, mines])
        defer { nginx.stop() }
        _ = tmp
        let manager = manager(library)
        try await manager.startDownload("caves")
        let cavesManifest = try catalog.manifest(caves)
        let damaged = library.paths.audioAssets.appendingPathComponent(caves.id)
            .appendingPathComponent(cavesManifest.assets[2].fileName)
        var bytes = try Data(contentsOf: damaged)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: damaged)

        let before = nginx.accessLog().count
        let result = try await manager.startDownload("mines")
        let minesManifest = try catalog.manifest(mines)
        let fetched = Set(nginx.accessLog().dropFirst(before).map(\.path).filter { $0.contains("/assets/") })
        let expected = [minesManifest.assets[2]] + minesManifest.assets.suffix(3)
        #expect(fetched == Set(expected.map { "/packs/\(mines.id)/1/assets/\($0.fileName)" }))
        #expect(result.reusedFiles == 4)
        let folder = library.paths.audioAssets.appendingPathComponent(mines.id)
        for asset in minesManifest.assets {
            #expect(
                try SHA256Digest.file(atPath: folder.appendingPathComponent(asset.fileName).path).sha256
                    == asset.sha256)
        }
    }

    @Test("45 of 50 assets changed: one archive request; 2 of 50: only those two files")
    func archiveOrFiles() async throws {
        let v1 = GeneratedCatalog.Pack(slug: "storm", contents: Array(1...50), bytesPerFile: 8_192)
        let (tmp, catalog, nginx, library) = try await serve([v1])
        defer { nginx.stop() }
        _ = tmp
        let manager = manager(library)
        try await manager.startDownload("storm")

        var v2 = v1
        v2.version = 2
        v2.contents = Array(1...5) + Array(1001...1045)
        try catalog.write([v2])
        try catalog.publish()
        _ = try await library.sync(SyncOptions(catalog: nginx.baseURL))
        var before = nginx.accessLog().count
        let archived = try await manager.startDownload("storm")
        var pack = nginx.accessLog().dropFirst(before).filter { $0.path.hasPrefix("/packs/\(v1.id)/2/") }
        #expect(pack.map(\.path) == ["/packs/\(v1.id)/2/manifest.json", "/packs/\(v1.id)/2/pack.tar"])
        let archive = try #require(try catalog.manifest(v2).archive)
        #expect(archived.downloadedBytes == archive.bytes)
        #expect(archived.reusedFiles == 0)

        var v3 = v2
        v3.version = 3
        v3.contents[10] = 2001
        v3.contents[20] = 2002
        try catalog.write([v3])
        try catalog.publish()
        _ = try await library.sync(SyncOptions(catalog: nginx.baseURL))
        before = nginx.accessLog().count
        let updated = try await manager.startDownload("storm")
        pack = nginx.accessLog().dropFirst(before).filter { $0.path.hasPrefix("/packs/\(v1.id)/3/") }
        let manifest = try catalog.manifest(v3)
        let changed = [manifest.assets[10], manifest.assets[20]]
        #expect(
            Set(pack.map(\.path).filter { $0.contains("/assets/") })
                == Set(changed.map { "/packs/\(v1.id)/3/assets/\($0.fileName)" }))
        #expect(updated.reusedFiles == 48)
        // At the server: at most 1.02 × (the changed assets + the manifest).
        let manifestBytes = try Data(
            contentsOf: catalog.dist.appendingPathComponent("packs/\(v1.id)/3/manifest.json")
        ).count
        let sent = pack.reduce(Int64(0)) { $0 + $1.bytes }
        let goal = Double(changed.reduce(Int64(0)) { $0 + $1.bytes } + Int64(manifestBytes)) * 1.02
        #expect(Double(sent) <= goal)
        #expect(updated.downloadedBytes == changed.reduce(0) { $0 + $1.bytes })
    }
}
