import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// The app-side API from many concurrent tasks at once: facet counts, item lists, pack lists and
/// `startDownload` of two packs through one download manager — consistent answers, no errors.
@Suite(
    "ConcurrencyTestsInProcess: the app API from 50 concurrent tasks", .timeLimit(.minutes(5)), .serialized,
    .startsProcesses)
struct ConcurrencyTestsInProcess {
    enum Outcome: Sendable, Equatable {
        case facets(total: Int)
        case items(count: Int)
        case installed(packId: String, state: PackState, files: Int)
        case packs(count: Int, badStates: Int)
    }

    @Test func fiftyTasks() async throws {
        let catalog = try BigPackCatalog.shared()
        let tmp = try TemporaryDirectory(prefix: "concurrency-app")
        let folder = tmp.url.appendingPathComponent("catalog")
        let expected = try await offPool { try catalog.withSyntheticItems(5_000, into: folder) }
        let server = try FaultyHTTPServer(
            root: folder.path,
            faults: [
                catalog.a.archivePath: .trickle(bytes: 256 << 10, every: 0.02),
                catalog.b.archivePath: .trickle(bytes: 256 << 10, every: 0.02),
            ])
        defer { server.stop() }
        let rootURL = tmp.url.appendingPathComponent("root")
        let library = try Library(root: rootURL)
        _ = try await library.sync(SyncOptions(catalog: server.baseURL))
        let packCount = try await library.packs.fetchPacks(kind: nil).count
        let manager = library.makeDownloadManager()
        let started = Date()

        let results = await withTaskGroup(of: Result<Outcome, any Error>.self) { group in
            for i in 0..<50 {
                group.addTask {
                    do {
                        switch i % 5 {
                        case 0:
                            return .success(
                                .facets(
                                    total: try await library.facets.fetchFacetCounts(kind: .sfx, filters: Filters())
                                        .total))
                        case 1:
                            let rows = try await library.items.fetchItems(
                                kind: .atmosphere, filters: Filters(), sort: .title)
                            return .success(.items(count: rows.count))
                        case 2, 3:
                            let pack = i % 5 == 2 ? catalog.a : catalog.b
                            let result = try await manager.startDownload(
                                PackReference(i % 10 < 5 ? pack.slug : pack.id))
                            return .success(.installed(packId: result.packID, state: result.state, files: result.files))
                        default:
                            let packs = try await library.packs.fetchPacks(kind: nil)
                            let bad = packs.filter { ![.notDownloaded, .downloading, .downloaded].contains($0.state) }
                                .count
                            return .success(.packs(count: packs.count, badStates: bad))
                        }
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var all: [Result<Outcome, any Error>] = []
            for await result in group { all.append(result) }
            return all
        }
        let seconds = Date().timeIntervalSince(started)
        let errors = results.compactMap { result -> String? in
            if case .failure(let e) = result { return "\(e)" } else { return nil }
        }
        #expect(errors == [])
        let outcomes = results.compactMap { try? $0.get() }
        for outcome in outcomes {
            switch outcome {
            case .facets(let total): #expect(total == expected.sfx)
            case .items(let count): #expect(count == expected.atmosphere)
            case .installed(let packId, let state, let files):
                #expect([catalog.a.id, catalog.b.id].contains(packId))
                #expect(state == .downloaded && files == BigPackCatalog.filesPerPack)
            case .packs(let count, let bad): #expect(count == packCount && bad == 0)
            }
        }
        let root = DataRoot(rootURL)
        let problems = try await offPool { () -> [String] in
            var problems: [String] = []
            let integrity = try root.integrityCheck()
            if integrity != "ok" { problems.append("integrity_check: \(integrity)") }
            for pack in [catalog.a, catalog.b] { problems += try root.installProblems(pack) }
            return problems
        }
        #expect(problems == [])
        // After the installs the facet counts still agree with a plain SQL count.
        let sfx = try await library.facets.fetchFacetCounts(kind: .sfx, filters: Filters()).total
        #expect(sfx == expected.sfx)
        report(
            "in-process 50 tasks (10 facetCounts, 10 fetchItems, 20 startDownload of 2 packs, 10 listPacks): "
                + "\(outcomes.count) ok, \(errors.count) errors; \(String(format: "%.1f", seconds)) s")
    }
}
