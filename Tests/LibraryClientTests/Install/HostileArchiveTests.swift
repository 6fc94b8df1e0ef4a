import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// Hostile archives published with a matching manifest hash, so they reach extraction:
/// every one is refused and nothing is installed.
@Suite("Install refuses hostile archives", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct HostileArchiveTests {
    enum Shape: String, CaseIterable, Sendable {
        case dotDot, absolute, symlink, unknownName, oversized
    }

    @Test("a hostile entry is refused; AudioAssets and the database stay as they were", arguments: Shape.allCases)
    func refused(_ shape: Shape) async throws {
        let fx = try InstallFixture()
        let manifest = try fx.manifest()
        var entries = try manifest.assets.map { asset in
            HostileTar.Entry.file(
                asset.fileName, try Data(contentsOf: fx.packFolder().appendingPathComponent("assets/\(asset.fileName)"))
            )
        }
        let victim = manifest.assets[2].fileName
        switch shape {
        case .dotDot: entries.insert(HostileTar.Entry.file("../escaped.wav", Data("x".utf8)), at: 0)
        case .absolute: entries.insert(HostileTar.Entry.file(fx.tmp.path("absolute.wav"), Data("x".utf8)), at: 0)
        case .symlink: entries[2] = HostileTar.Entry.symlink(victim, to: "/etc/passwd")
        case .unknownName:
            entries.append(HostileTar.Entry.file("00000000-0000-4000-8000-000000000001.wav", Data("x".utf8)))
        case .oversized: entries[2].data += Data(count: 512)
        }
        let tar = fx.tmp.url.appendingPathComponent("hostile.tar")
        try HostileTar.build(entries, at: tar.path)
        try fx.replaceArchive(with: tar)

        let nginx = try NginxServer(root: fx.dist.path)
        defer { nginx.stop() }
        try await fx.sync(from: nginx.baseURL.absoluteString)
        await #expect(throws: PackInstallError.self) { try await fx.manager().startDownload("dungeon-delve") }
        let state = try await fx.state()
        #expect(state.state == "failed")
        #expect(state.lastError?.contains("pack.tar") == true)
        #expect(state.lastError?.contains("refused") == true)
        #expect(fx.audioAssetsTree().isEmpty)
        #expect(try await fx.localAssets().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fx.tmp.path("escaped.wav")))
        #expect(!FileManager.default.fileExists(atPath: fx.tmp.path("absolute.wav")))
        #expect(!FileManager.default.fileExists(atPath: fx.root.appendingPathComponent("escaped.wav").path))
        #expect(!FileManager.default.fileExists(atPath: fx.staging.appendingPathComponent(InstallFixture.dungeon).path))
    }
}
