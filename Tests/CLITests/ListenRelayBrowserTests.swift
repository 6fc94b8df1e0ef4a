import Foundation
import TestSupport
import Testing

/// Players at home (SPEC §22): the game master's `client serve --relay` connects out to a
/// `soundshelf-relay`, and every player's page opens its listen link on the relay — nothing connects
/// to the game master's server but its own page. `Tests/Browser/listen_first_play.py` drives it as
/// on the LAN: a fresh owner page's first action, heard by every player (loops at the owner's phase).
@Suite(
    "client serve --relay: players hear the owner through a relay (browsers)", .timeLimit(.minutes(4)),
    .serialized, .startsProcesses(alone: true))
struct ListenRelayBrowserTests {
    @Test("through a relay, a fresh page's first play, stop, scene, hotkey, favorite and volume reach every player")
    func firstActionsThroughRelay() async throws {
        let library = try ListenLibrary(prefix: "listen-relay")
        let relay = try RelayProcess(folder: library.tmp)
        let server = try ServeProcess(
            root: library.root, arguments: ["--relay", relay.url, "--relay-key-file", relay.keyFile])
        defer { server.stop() }
        let output = try await library.runBrowserScript(
            "listen_first_play.py", server: server, arguments: ["--through", relay.url], timeout: 200)
        #expect(output.contains("players listened through \(relay.url)"), "\(output)")
    }
}
