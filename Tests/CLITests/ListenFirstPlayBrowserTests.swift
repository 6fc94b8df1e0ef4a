import Foundation
import TestSupport
import Testing

/// The owner's first action on a fresh soundboard page reaches the players (docs/FORMAT.md §15.2),
/// as a game master meets it: `Tests/Browser/listen_first_play.py` opens the owner's page anew
/// for each case, without test hooks, and makes the case's action the page's first — an
/// atmosphere's ▶ before and after players join (and a late joiner after it), a click before the
/// page knows the server's clock, an effect's ▶, Escape and Space, a scene's Play, a hotkey, a
/// favorite's ▶, a volume in Settings — and every player's page must hear it (loops at the owner's
/// phase).
@Suite(
    "client serve: the owner's first action reaches the players (browsers)", .timeLimit(.minutes(4)),
    .serialized, .startsProcesses(alone: true))
struct ListenFirstPlayBrowserTests {
    @Test("a fresh page's first play, stop, scene, hotkey, favorite and volume are heard by every player")
    func firstActions() async throws {
        let library = try ListenLibrary(prefix: "listen-first")
        let server = try ServeProcess(root: library.root)
        defer { server.stop() }
        _ = try await library.runBrowserScript("listen_first_play.py", server: server, timeout: 200)
    }
}
