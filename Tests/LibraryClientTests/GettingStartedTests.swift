import CatalogModel
import Foundation
import LibraryClient
import TestSupport
import Testing

/// The code of the DocC article `GettingStarted.md`, compiled and run against the demo catalog
/// published by the real `catalog` tool. The second test keeps the article and this file in step.
@Suite("Getting started article", .serialized, .startsProcesses)
struct GettingStartedTests {
    static let article = ToolRunner.repositoryRoot
        .appendingPathComponent("Sources/LibraryClient/LibraryClient.docc/GettingStarted.md")

    @Test("the article's code opens, syncs, browses, counts facets and installs a pack")
    func articleCodeRuns() async throws {
        let tmp = try TemporaryDirectory(prefix: "getting-started")
        let published = tmp.url.appendingPathComponent("dist")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let run = try ToolRunner.run("catalog", ["publish", published.path, "--source", source])
        #expect(run.status == 0, "\(run.stderr)")
        let dataRoot = tmp.url.appendingPathComponent("root")
        let catalogURL = published

        // article: open and sync
        let library = try Library(root: dataRoot)
        let synced = try await library.sync(SyncOptions(catalog: catalogURL))
        print("catalog version \(synced.catalogVersion): \(synced.inserted) new items")
        // article: browse and search
        let filters = try await library.resolver.resolve([.location: ["Underdark"]])
        let sounds = try await library.items.fetchItems(kind: .sfx, filters: filters, sort: .title)
        let hits = try await library.items.fetchItems(matching: "door", kind: .sfx, filters: Filters())
        let detail = try await library.items.fetchItemDetail(itemID: sounds[0].id)
        print(detail.item.title, detail.tags[.location]?.map(\.name) ?? [], hits.count)
        // article: facet counts
        let counts = try await library.facets.fetchFacetCounts(kind: .sfx, filters: filters)
        for value in counts.facets[.creatureType] ?? [] {
            print(value.name, value.count)
        }
        // article: install a pack
        let manager = library.makeDownloadManager()
        let target = try await library.packs.fetchPack("dungeon-delve")
        let progress = Task {
            for await event in manager.progress(for: target.id) where event.phase == .downloading {
                print("\(event.bytesDownloaded) of \(event.bytesTotal) bytes")
            }
        }
        let installed = try await manager.startDownload(.id(target.id))
        progress.cancel()
        let pack = try await library.packs.fetchPack(.id(installed.packID))
        print(pack.state, installed.files)
        // article: keep within an audio budget
        try await library.setAudioBudget(2_000_000_000)
        let storage = try await library.storage()
        print(storage.packs.map(\.bytes).reduce(0, +), "of", storage.audioBudget ?? 0, "bytes")
        let next = try await manager.startDownload("tavern-life")
        for offloaded in next.offloaded {
            print("offloaded \(offloaded.title) (last played \(offloaded.lastPlayedAt ?? "never"))")
        }
        // end of article

        #expect(synced.inserted > 0)
        #expect(!sounds.isEmpty && sounds.allSatisfy { $0.kind == .sfx })
        #expect(detail.tags[.location]?.contains { $0.name == "Underdark" } == true)
        #expect(hits.contains { $0.title.localizedCaseInsensitiveContains("door") })
        #expect(counts.total == sounds.count)
        #expect(pack.state == .downloaded && installed.files > 0)
        let after = try await library.items.fetchItemDetail(itemID: sounds[0].id)
        #expect(after.availability == .available)
        #expect(storage.audioBudget == 2_000_000_000 && next.state == .downloaded && next.offloaded.isEmpty)
    }

    @Test("every code block of the article is in the test above, verbatim")
    func articleMatchesTest() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let blocks = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count == 5)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let body = source.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: "\n")
        for block in blocks {
            let lines = block.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(
                body.contains(lines.joined(separator: "\n").trimmingCharacters(in: .newlines)),
                "the article's block is not compiled by this test:\n\(block)")
        }
    }
}
