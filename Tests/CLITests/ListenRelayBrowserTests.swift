import Foundation
import TestSupport
import Testing

/// Players at home (docs/FORMAT.md §15.3): the game master's `client serve --relay` connects out to a
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

    @Test(
        "with the catalog on the web, players fetch each sound there (checked by SHA-256): the game master uploads only the one the host serves wrong"
    )
    func audioFromTheCatalog() async throws {
        let library = try ListenLibrary(prefix: "listen-relay-web", onTheWeb: true)
        let nginx = try #require(library.nginx)
        defer { nginx.stop() }
        let relay = try RelayProcess(folder: library.tmp)
        let server = try ServeProcess(
            root: library.root, arguments: ["--relay", relay.url, "--relay-key-file", relay.keyFile])
        defer { server.stop() }
        // The catalog's host serves the blip damaged (same size): players must refuse it and get it through the relay.
        let expected = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: library.expectedFile)))
        let blip = try #require(((expected as? [String: Any])?["blip"] as? [String: Any])?["id"] as? String)
        let damaged = try #require(try Self.publishedFile(of: blip, in: library.tmp.path("dist")))
        var bytes = try Data(contentsOf: damaged)
        for index in stride(from: bytes.count / 2, to: bytes.count, by: 97) { bytes[index] ^= 0x5A }
        try bytes.write(to: damaged)
        let before = nginx.accessLog().count
        _ = try await library.runBrowserScript(
            "listen_first_play.py", server: server, arguments: ["--through", relay.url], timeout: 200)
        let assets = nginx.accessLog().dropFirst(before).filter { $0.path.contains("/assets/") && $0.status == 200 }
        let health =
            try JSONSerialization.jsonObject(
                with: Data(
                    try ToolRunner.run(
                        executable: URL(fileURLWithPath: "/usr/bin/curl"), ["-s", relay.url + "/health"]
                    ).stdout.utf8)) as? [String: Int]
        print(
            "players fetched \(assets.count) files from the catalog; the relay got \(health?["filesFromOwners"] ?? -1) from the game master"
        )
        #expect(!assets.isEmpty, "the players' pages fetched the sounds from the catalog's host")
        #expect(health?["filesFromOwners"] == 1, "the game master uploaded only the file the host served damaged")
    }

    /// The published asset file of an item's first take under `dist` (from the packs' manifests).
    static func publishedFile(of item: String, in dist: String) throws -> URL? {
        let packs = URL(fileURLWithPath: dist).appendingPathComponent("packs")
        let manifests =
            FileManager.default.enumerator(at: packs, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "manifest.json" } ?? []
        for manifest in manifests {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any]
            for asset in json?["assets"] as? [[String: Any]] ?? []
            where (asset["itemId"] as? String)?.lowercased() == item {
                guard let url = asset["url"] as? String else { continue }
                return manifest.deletingLastPathComponent().appendingPathComponent(url)
            }
        }
        return nil
    }
}
