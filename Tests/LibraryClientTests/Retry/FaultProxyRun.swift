import CatalogModel
import Foundation
import TestSupport

@testable import LibraryClient

/// Installs the demo catalog's packs again and again through a ``FaultProxy``: each round a
/// fresh data root synced through the proxy, then the packs installed one after another; after
/// every sync and install the root is checked (``LibraryConsistency``). Then the proxy heals and
/// every pack that failed is installed again, which must succeed.
///
/// ```swift
/// let run = try FaultProxyRun(fixture: fx, upstream: server.baseURL, settings: .init(seed: 7, rate: 0.45))
/// let figures = try await run.run(installs: 6)
/// #expect(figures.corrupt.isEmpty && figures.halfClaimed.isEmpty)
/// ```
final class FaultProxyRun: @unchecked Sendable {
    /// What happened, for the assertions and the report.
    struct Figures: CustomStringConvertible {
        var installsOK = 0
        var installsFailed = 0
        var syncsOK = 0
        var syncsFailed = 0
        /// Installs after the proxy healed (of the packs that failed or were not tried).
        var healedInstalls = 0
        /// Packs that failed to install even after the proxy healed.
        var notInstalledWhenHealed: [String] = []
        /// Retries the successful and failed operations reported.
        var retries = 0
        var faults: [FaultProxy.Kind: Int] = [:]
        var responses = 0
        /// The error sentences of the failed installs and syncs.
        var failures: [String] = []
        var corrupt: [String] = []
        var halfClaimed: [String] = []
        /// A damaged database or files nobody claims.
        var otherProblems: [String] = []
        var seconds = 0.0

        var description: String {
            let kinds = FaultProxy.Kind.allCases.map { "\($0.rawValue) \(faults[$0, default: 0])" }
            let faulted = faults.values.reduce(0, +)
            return
                "installs \(installsOK) ok, \(installsFailed) failed (healed: \(healedInstalls) more installed, \(notInstalledWhenHealed.count) not); "
                + "syncs \(syncsOK) ok, \(syncsFailed) failed; faults injected: \(kinds.joined(separator: ", ")) "
                + "(\(faulted) of \(responses) responses, \(responses == 0 ? 0 : faulted * 100 / responses) %); "
                + "retries counted \(retries); corrupt \(corrupt.count), half-claimed \(halfClaimed.count), "
                + "other problems \(otherProblems.count); \(String(format: "%.1f", seconds)) s"
        }
    }

    let fixture: InstallFixture
    let proxy: FaultProxy
    let policy: DownloadPolicy
    private let manifests: [String: Manifest]
    private let packs: [String]
    private var figures = Figures()

    init(fixture: InstallFixture, upstream: URL, settings: FaultProxy.Settings) throws {
        self.fixture = fixture
        proxy = try FaultProxy(upstream: upstream, settings: settings)
        var policy = DownloadPolicy(stallTimeout: 0.5, maxRetries: 5, retryDelay: 0.05, progressInterval: 0.05)
        policy.maxRetryDelay = 0.5
        self.policy = policy
        let catalogURL = fixture.dist.appendingPathComponent("catalog.json")
        let catalog = try CatalogJSON.decode(
            CatalogDocument.self, from: Data(contentsOf: catalogURL), file: catalogURL.path)
        packs = catalog.packs.map(\.id)
        manifests = Dictionary(uniqueKeysWithValues: try packs.map { ($0, try fixture.manifest($0)) })
    }

    /// Documents give up on a silent connection after 1 s (whole seconds on Linux), before the proxy's stall ends.
    private var transport: URLCatalogTransport { URLCatalogTransport(timeout: 1, policy: policy) }

    /// Once healed, the network is a healthy one: patient timeouts, so a busy machine cannot fail an install.
    private var healedPolicy: DownloadPolicy {
        var healed = policy
        healed.stallTimeout = 10
        return healed
    }

    /// `installs` installs in rounds of one fresh data root each, then, healed, every pack not
    /// installed in those roots.
    func run(installs: Int) async throws -> Figures {
        let started = Date()
        var roots: [(Library, URL)] = []
        for round in 0..<((installs + packs.count - 1) / packs.count) {
            let root = fixture.tmp.url.appendingPathComponent("proxy-root-\(round)")
            let library = try Library(root: root)
            roots.append((library, root))
            try await sync(library, root: root)
            let manager = library.makeDownloadManager(policy: policy, transport: transport)
            for pack in packs.prefix(installs - round * packs.count) {
                try await install(pack, manager, library: library, root: root)
            }
        }
        figures.faults = proxy.faultCounts
        figures.responses = proxy.requests.count
        proxy.heal()
        for (library, root) in roots { try await installTheRest(library, root: root) }
        figures.seconds = Date().timeIntervalSince(started)
        return figures
    }

    /// Installs, through the healed proxy, each pack the root does not have; they must all install.
    private func installTheRest(_ library: Library, root: URL) async throws {
        let manager = library.makeDownloadManager(
            policy: healedPolicy, transport: URLCatalogTransport(timeout: 10, policy: healedPolicy))
        for pack in packs where try await library.packs.fetchPack(PackReference(pack)).state != .downloaded {
            do {
                try await manager.startDownload(PackReference(pack))
                figures.healedInstalls += 1
            } catch {
                figures.notInstalledWhenHealed.append("\(pack): \(error)")
            }
            try await check(library, root: root, after: "the healed install of \(pack)")
        }
    }

    /// Syncs through the proxy until it succeeds (at most five times), checking the root after each.
    private func sync(_ library: Library, root: URL) async throws {
        for attempt in 1...5 {
            do {
                let result = try await library.sync(SyncOptions(catalog: proxy.baseURL), transport: transport)
                figures.syncsOK += 1
                figures.retries += result.retries
                return
            } catch {
                figures.syncsFailed += 1
                figures.failures.append("sync: \(error)")
                try await check(library, root: root, after: "failed sync \(attempt)")
                guard try await !library.isImported() else {
                    throw FixtureError("a failed first sync left a catalog imported")
                }
            }
        }
        throw FixtureError("five syncs through the proxy failed: \(figures.failures.suffix(5))")
    }

    /// One install, succeeding or not; either way the root must be consistent afterwards.
    private func install(_ pack: String, _ manager: PackDownloadManager, library: Library, root: URL) async throws {
        let events = manager.progress(for: pack)
        do {
            let succeeded = try await manager.startDownload(PackReference(pack)).state == .downloaded
            figures.installsOK += succeeded ? 1 : 0
            figures.installsFailed += succeeded ? 0 : 1
        } catch {
            figures.installsFailed += 1
            figures.failures.append("install \(pack): \(error)")
        }
        figures.retries += await Self.finalEvent(events)?.retries ?? 0
        try await check(library, root: root, after: "install of \(pack)")
    }

    private func check(_ library: Library, root: URL, after step: String) async throws {
        let findings = try await LibraryConsistency(library: library, root: root, manifests: manifests).check()
        figures.corrupt += findings.corrupt.map { "after \(step): \($0)" }
        figures.halfClaimed += findings.halfClaimed.map { "after \(step): \($0)" }
        figures.otherProblems += (findings.database + findings.unknownFiles).map { "after \(step): \($0)" }
    }

    /// The install's last event (it was sent before the install returned), or nil within 2 s.
    private static func finalEvent(_ events: AsyncStream<PackDownloadEvent>) async -> PackDownloadEvent? {
        await withTaskGroup(of: PackDownloadEvent?.self) { group in
            group.addTask {
                for await event in events where event.phase.isFinal { return event }
                return nil
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: 2_000_000_000)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
