import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// The long fault-proxy run (`scripts/crash-tests`, or `SOUNDSHELF_SLOW_TESTS=1`): 30 installs of
/// the demo packs served by nginx through a proxy that faults about 45 % of the responses (cut,
/// stall, flipped byte, 503), eight data roots each synced through it too. At least 27 succeed;
/// none leaves a corrupt file or a half-claimed pack; once the proxy heals, every pack installs.
/// Prints the figures: installs ok and failed, faults injected by kind, retries counted.
@Suite(
    "CrashTestsFaultProxy: 30 installs through ~45 % faulted responses", .enabled(if: slowTestsEnabled),
    .timeLimit(.minutes(10)), .serialized, .startsProcesses)
struct CrashTestsFaultProxy {
    @Test func thirtyInstalls() async throws {
        let fx = try InstallFixture()
        let nginx = try NginxServer(root: fx.dist.path)
        defer { nginx.stop() }
        let seed = FaultProxyInstallTests.seed(1)
        let run = try FaultProxyRun(fixture: fx, upstream: nginx.baseURL, settings: .init(seed: seed, rate: 0.45))
        defer { run.proxy.stop() }
        let figures = try await run.run(installs: 30)
        report("fault proxy, seed \(seed): \(figures)")
        for failure in figures.failures { report("  \(failure)") }
        if FaultProxyInstallTests.printsRequests { for request in run.proxy.requests { report("    \(request)") } }
        #expect(figures.installsOK >= 27, "\(figures)")
        #expect(figures.corrupt.isEmpty, "\(figures.corrupt)")
        #expect(figures.halfClaimed.isEmpty, "\(figures.halfClaimed)")
        #expect(figures.otherProblems.isEmpty, "\(figures.otherProblems)")
        #expect(figures.notInstalledWhenHealed.isEmpty, "\(figures.notInstalledWhenHealed)")
    }
}
