import CatalogModel
import CatalogPublisher
import Foundation
import TestSupport
import Testing

/// `catalog verify` finds what a client would refuse.
struct VerifyTests {
    enum Damage: String, CaseIterable, Sendable { case none, corruptArchive, missingManifest, wrongSize, expired }

    @Test(arguments: Damage.allCases)
    func verifyFindsTheDamage(_ damage: Damage) async throws {
        let tmp = try TemporaryDirectory()
        let source = try DemoCatalog.copyCatalog(into: tmp)
        var options = PublishOptions(output: tmp.path("dist"), source: source)
        options.schemaVersion = 1  // the damage is done through catalog.json's pack list
        if damage == .expired { options.now = Date().addingTimeInterval(-200 * 86_400) }
        _ = try CatalogPublisher.publish(options)
        let dist = tmp.url.appendingPathComponent("dist")
        let doc = try CatalogJSON.decode(
            CatalogDocument.self, from: Data(contentsOf: dist.appendingPathComponent("catalog.json")), file: "")
        let pack = doc.packs[0]
        switch damage {
        case .none, .expired: break
        case .corruptArchive:
            let url = dist.appendingPathComponent(pack.archive!.url)
            var data = try Data(contentsOf: url)
            data[data.count / 3] ^= 0xFF
            try data.write(to: url)
        case .missingManifest:
            try FileManager.default.removeItem(at: dist.appendingPathComponent(pack.manifest.url))
        case .wrongSize:
            let manifest = dist.appendingPathComponent(pack.manifest.url)
            let folder = manifest.deletingLastPathComponent()
            let m = try CatalogJSON.decode(Manifest.self, from: Data(contentsOf: manifest), file: "")
            let handle = try FileHandle(forWritingTo: folder.appendingPathComponent(m.assets[0].url))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data([1, 2, 3]))
            try handle.close()
        }
        let report = await CatalogVerifier.verify(
            fetch: { try Data(contentsOf: dist.appendingPathComponent($0)) }, trustedKey: nil)
        let text = report.problems.joined(separator: "\n")
        switch damage {
        case .none: #expect(report.problems.isEmpty, "\(text)")
        case .corruptArchive: #expect(text.contains("pack.tar") && text.contains("hashes to"))
        case .missingManifest: #expect(text.contains("manifest.json: cannot be fetched"))
        case .wrongSize: #expect(text.contains("declares") && text.contains("bytes but the file has"))
        case .expired: #expect(text.contains("expired"))
        }
        #expect(report.filesChecked > 3 || damage == .missingManifest)
    }
}
