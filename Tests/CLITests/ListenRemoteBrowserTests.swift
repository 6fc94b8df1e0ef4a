import Foundation
import TestSupport
import Testing

/// Players at home in sync (the goals of docs/PERFORMANCE.md's players-at-home section, the short run): the game master's `client serve
/// --relay` reaches the relay through an emulated home uplink (30 ms ± 5), three players through
/// links of 40, 120 and 300 ms round trips ± 10 ms each way and a late joiner at 150 ms
/// (`Tests/Browser/link_emulator.py`); `listen_remote.py` records every page and judges the onsets.
/// Real time: it runs in `scripts/test`'s second phase, with the machine to itself. The goal is a
/// p95 of 10 ms (docs/PERFORMANCE.md: 3.5–8.2 ms in three runs); the test fails past 20 ms, so a
/// busy machine's outlier does not turn the suite red while a real regression (a clock or lead
/// gone wrong: 80+ ms) does. The game master's upload in steady play must stay under 2 KB/s a player.
@Suite(
    "client serve --relay: players far away stay in sync (browsers)", .serialized, .startsProcesses(alone: true))
struct ListenRemoteBrowserTests {
    @Test(
        "players 40, 120 and 300 ms away and a late joiner: onsets within 10 ms (p95), the joiner on the loop's phase",
        .timeLimit(.minutes(4)))
    func farAway() async throws {
        try await Self.run(["--skew-limit", "20"], timeout: 200)
    }

    /// Every player's link stalls for 250 ms every 5 s (a phone's radio, a busy Wi-Fi): what is
    /// played is still in time (p95 within 20 ms), a one-shot whose cue a stall made more than
    /// 100 ms late is not played (counted), and the late joiner still hears within 3 s on the
    /// loop's phase.
    @Test("links that stall: what plays is in time, the late joiner on the loop's phase", .timeLimit(.minutes(4)))
    func stallingLinks() async throws {
        try await Self.run(
            [
                "--stall-every", "5", "--stall", "250", "--allow-dropped", "--skew-limit", "20",
                "--audible-limit", "3000",
            ], timeout: 200)
    }

    /// The long run of `scripts/bench-listen --remote` (SOUNDSHELF_LISTEN_LONG=1): the same, then
    /// the bed goes on and the pages' distance is measured 5 and 10 minutes after it started.
    @Test(
        "ten minutes later the pages are within 5 ms of each other", .timeLimit(.minutes(16)),
        .enabled(if: ProcessInfo.processInfo.environment["SOUNDSHELF_LISTEN_LONG"] == "1", "the 12-minute run"))
    func tenMinutes() async throws {
        var arguments = ["--long", "--drift-limit", "5"]
        if let report = ProcessInfo.processInfo.environment["SOUNDSHELF_LISTEN_REPORT"], !report.isEmpty {
            arguments += ["--report", report]
        }
        try await Self.run(arguments, timeout: 900)
    }

    static func run(_ extra: [String], timeout: Double) async throws {
        let library = try ListenLibrary(prefix: "listen-remote")
        let relay = try RelayProcess(folder: library.tmp)
        let stats = library.tmp.path("uplink.json")
        let uplink = try LinkEmulator(to: relay.port, rtt: 30, jitter: 10, seed: 9, statsFile: stats)
        let server = try ServeProcess(
            root: library.root,
            arguments: ["--relay", "http://127.0.0.1:\(uplink.port)", "--relay-key-file", relay.keyFile])
        defer { server.stop() }
        let printed = try await library.runBrowserScript(
            "listen_remote.py", server: server,
            arguments: ["--relay-port", String(relay.port), "--uplink-stats", stats] + extra, timeout: timeout)
        #expect(printed.contains("onset skew p95"))
    }
}
