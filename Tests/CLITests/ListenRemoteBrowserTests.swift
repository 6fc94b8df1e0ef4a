import Foundation
import TestSupport
import Testing

/// Players at home in sync (SPEC §22's goals, the short run): the game master's `client serve
/// --relay` reaches the relay through an emulated home uplink (30 ms ± 5), three players through
/// links of 40, 120 and 300 ms round trips ± 10 ms each way and a late joiner at 150 ms
/// (`Tests/Browser/link_emulator.py`); `listen_remote.py` records every page and judges the onsets.
/// Real time: it runs in `scripts/test`'s second phase, with the machine to itself.
@Suite(
    "client serve --relay: players far away stay in sync (browsers)", .timeLimit(.minutes(4)),
    .serialized, .startsProcesses(alone: true))
struct ListenRemoteBrowserTests {
    @Test(
        "players 40, 120 and 300 ms away and a late joiner: onsets within 10 ms (p95), the joiner on the loop's phase")
    func farAway() async throws {
        let library = try ListenLibrary(prefix: "listen-remote")
        let relay = try RelayProcess(folder: library.tmp)
        let uplink = try LinkEmulator(to: relay.port, rtt: 30, jitter: 10, seed: 9)
        let server = try ServeProcess(
            root: library.root,
            arguments: ["--relay", "http://127.0.0.1:\(uplink.port)", "--relay-key-file", relay.keyFile])
        defer { server.stop() }
        let printed = try await library.runBrowserScript(
            "listen_remote.py", server: server, arguments: ["--relay-port", String(relay.port)], timeout: 200)
        #expect(printed.contains("onset skew p95"))
    }
}
