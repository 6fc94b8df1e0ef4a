import CatalogFormat
import CatalogPublisher
import Crypto
import Foundation
import SyntheticData
import TestSupport
import Testing

@testable import LibraryClient

/// A signed schema-2 catalog behind nginx, counted at the server: a sync with nothing new is one
/// conditional request answered 304; a change is catalog.json, the look for a next root (a 404 of
/// a few hundred bytes), its signature and one delta.
/// (Installs from a schema-2 catalog, through the references a sync stores, are the CLI tests'
/// `InstallCLITests`, whose demo catalog is published with schema 2.)
@Suite("Schema 2 on the wire", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct ShardedWireTests {
    @Test func nothingNewIsOne304AndAChangeIsFourRequests() async throws {
        let tmp = try TemporaryDirectory(prefix: "sharded-wire")
        let dist = tmp.url.appendingPathComponent("dist")
        let keyFile = tmp.url.appendingPathComponent("catalog.pub")
        let key = try FixtureCatalog.makeKey(publicKeyFile: keyFile)
        var seed = SyntheticSeed(items: 3000).seed()
        try CatalogPublisher.publishSharded(seed, to: dist, signKey: key)
        let nginx = try NginxServer(root: dist.path)
        defer { nginx.stop() }
        let library = try Library(root: tmp.url.appendingPathComponent("root"))
        let first = try await library.sync(SyncOptions(catalog: nginx.baseURL, trustKeyFile: keyFile.path))
        #expect(first.transfer == .full && first.inserted > 3000)
        var seen = nginx.accessLog().count

        let quiet = try await library.sync(SyncOptions())
        var requests = Array(nginx.accessLog().dropFirst(seen))
        seen += requests.count
        #expect(quiet.transfer == .notModified && !quiet.summary.didWrite)
        #expect(requests.map(\.path) == ["/catalog.json"] && requests.map(\.status) == [304])
        #expect(requests.map(\.bytes) == [0])

        seed.catalogVersion = 2
        seed.packs[3].items[7].title = "Retitled"
        seed.packs[5].items.removeLast()
        seed.packs[8].items.append(
            Seed.Item(id: SyntheticSeed.id(7_000_000), title: "Added", duration: 2, sortOrder: 100, tags: TagSet()))
        try CatalogPublisher.publishSharded(seed, to: dist, signKey: key)
        let changed = try await library.sync(SyncOptions())
        requests = Array(nginx.accessLog().dropFirst(seen))
        #expect(changed.transfer == .delta)
        #expect((changed.inserted, changed.updated, changed.hidden) == (1, 1, 1))
        #expect(requests.count == 4, "\(requests.map(\.path))")
        let rootLook = requests.filter { $0.path == "/root/2.json" }
        #expect(rootLook.map(\.status) == [404] && rootLook.allSatisfy { $0.bytes <= 1024 })
        #expect(requests.filter { $0.path != "/root/2.json" }.map(\.status).allSatisfy { $0 == 200 })
        #expect(requests.contains { $0.path.hasPrefix("/signatures/") })
        #expect(requests.contains { $0.path.hasPrefix("/deltas/") })
        #expect(requests.reduce(0) { $0 + $1.bytes } < 64 * 1024)
        let added = try await library.items.fetchItems(matching: "Added")
        #expect(added.map(\.id) == [SyntheticSeed.id(7_000_000)])
    }
}
