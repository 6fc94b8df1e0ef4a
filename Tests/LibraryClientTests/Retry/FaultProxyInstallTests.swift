import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// The short fault-proxy run of the normal suite: a sync and six installs of the demo packs
/// through a proxy that faults about 45 % of the responses (cut, stall, flipped byte, 503). Each
/// succeeds or fails cleanly — the database intact, every claimed file the manifest's, no file
/// unknown, no pack half claimed — and once the proxy heals, every pack installs.
/// With the default seed two installs fail (a manifest damaged twice, a manifest refused six
/// times) and install once healed. `SOUNDSHELF_FAULT_SEED` runs another seed,
/// `SOUNDSHELF_FAULT_LOG=1` prints the requests. The long run is ``CrashTestsFaultProxy``.
/// About 13 s alone; the limit only catches a hang (stalls and retry waits stretch under a loaded CI).
@Suite("Installs through the fault proxy", .timeLimit(.minutes(3)), .serialized, .startsProcesses)
struct FaultProxyInstallTests {
    /// The seed of the runs: `$SOUNDSHELF_FAULT_SEED`, else `fallback`.
    static func seed(_ fallback: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment["SOUNDSHELF_FAULT_SEED"].flatMap { UInt64($0) } ?? fallback
    }

    /// `SOUNDSHELF_FAULT_LOG=1`: print every request the proxy saw, with its fault.
    static var printsRequests: Bool { ProcessInfo.processInfo.environment["SOUNDSHELF_FAULT_LOG"] == "1" }

    @Test("a sync and six installs through ~45 % faulted responses succeed or fail cleanly; healed, all install")
    func shortRun() async throws {
        let fx = try InstallFixture()
        let server = try FaultyHTTPServer(root: fx.dist.path)
        defer { server.stop() }
        let seed = Self.seed(5)
        let run = try FaultProxyRun(fixture: fx, upstream: server.baseURL, settings: .init(seed: seed, rate: 0.45))
        defer { run.proxy.stop() }
        let figures = try await run.run(installs: 6)
        print("[fault-proxy] seed \(seed): \(figures)")
        for failure in figures.failures { print("[fault-proxy]   \(failure)") }
        if Self.printsRequests { for request in run.proxy.requests { print("[fault-proxy]     \(request)") } }
        #expect(figures.installsOK + figures.installsFailed == 6)
        #expect(figures.corrupt.isEmpty, "\(figures.corrupt)")
        #expect(figures.halfClaimed.isEmpty, "\(figures.halfClaimed)")
        #expect(figures.otherProblems.isEmpty, "\(figures.otherProblems)")
        #expect(figures.notInstalledWhenHealed.isEmpty, "\(figures.notInstalledWhenHealed)")
        #expect(figures.faults.values.reduce(0, +) >= 4, "the proxy faulted responses: \(figures.faults)")
        #expect(figures.retries > 0)
    }
}
