import Foundation
import Hummingbird
import HummingbirdTesting
import SoundshelfServer
import TestSupport
import Testing

/// Live events and shutdown through the built executable (nginx serving the catalog), and the page.
@Suite("client serve: events, shutdown, page", .serialized, .timeLimit(.minutes(2)), .startsProcesses)
struct ServeLifecycleTests {
    @Test("events: pack progress during an install, and library after a sync run by another process")
    func events() throws {
        let fixture = try ServeFixture()
        let stream = try EventStream(fixture.url)
        defer { stream.close() }
        #expect(stream.waitForComment(timeout: 20), "no connection comment: \(stream.text)")

        let install = try HTTPClient.change("POST", fixture.url + "api/packs/dungeon-delve/install")
        #expect(install.status == 200)
        let event = stream.waitForEvent("pack") {
            $0["phase"] as? String == "downloading" && ($0["bytesTotal"] as? Int ?? 0) > 0
                && ($0["bytesDownloaded"] as? Int ?? 0) > 0
        }
        #expect(event?["packId"] as? String == ServeFixture.dungeon, "no download progress: \(stream.text)")
        #expect(event?["reused"] as? Int == 0 && event?["downloaded"] as? Int == event?["bytesDownloaded"] as? Int)
        let done = stream.waitForEvent("pack") { $0["state"] as? String == "downloaded" }
        // A fresh install reuses nothing and says how many bytes it fetched (the archive).
        #expect(done?["reused"] as? Int == 0)
        #expect((done?["downloaded"] as? Int ?? 0) > 0)

        // The sync records its time to the second: let the clock pass the first sync's second, so this
        // one (which changes nothing else) is a new state.
        Thread.sleep(forTimeInterval: 1.1)
        let sync = try ToolRunner.run(
            "client", ["sync", "--force", "--catalog", fixture.catalogURL, "--root", fixture.root])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(
            stream.waitForEvent("library") != nil,
            "no library event after an outside sync: \(stream.text) \(fixture.server.errorText)")

        let favorite = try ToolRunner.run("client", ["favorite", try firstItem(fixture), "--root", fixture.root])
        #expect(favorite.status == 0, "\(favorite.stderr)")
        #expect(stream.waitForEvent("favorites") { $0["total"] as? Int == 1 } != nil, "\(stream.text)")
    }

    private func firstItem(_ fixture: ServeFixture) throws -> String {
        let items = try HTTPClient.get(fixture.url + "api/items?kind=sfx&limit=1").json()["items"] as? [[String: Any]]
        return try #require(items?.first?["id"] as? String)
    }

    @Test(
        "SIGTERM and SIGINT stop the server promptly with status 0, also with an event stream open",
        arguments: [SIGTERM, SIGINT])
    func shutdown(signal: Int32) throws {
        let fixture = try ServeFixture()
        let stream = try EventStream(fixture.url)
        defer { stream.close() }
        #expect(stream.waitForComment(timeout: 20))
        let started = Date()
        let status = fixture.server.stop(signal: signal, timeout: 15)
        #expect(status == 0, "exit \(String(describing: status)): \(fixture.server.errorText)")
        #expect(Date().timeIntervalSince(started) < 15)
    }

    @Test("the page: index.html at /, its files by name, with their content types; a templates folder overrides")
    func page() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let index = try await client.get("/")
            #expect(index.status == .ok)
            #expect(index.headers[.contentType] == "text/html; charset=utf-8")
            #expect(index.data == Data(try #require(BuiltInSoundboard.files["index.html"]).utf8))
            for (name, text) in BuiltInSoundboard.files {
                let reply = try await client.get("/" + name)
                #expect(reply.status == .ok, "\(name)")
                #expect(reply.data == Data(text.utf8), "\(name)")
            }
            #expect(try await client.get("/missing.js").status == .notFound)
        }

        let custom = try TemporaryDirectory(prefix: "serve-templates")
        _ = try custom.write("soundboard/index.html", "<p>edited</p>\n")
        let folder = SoundboardPage.folder(custom.url.appendingPathComponent(SoundboardPage.folderName))
        try await fixture.test(page: folder) { client async throws in
            #expect(try await client.get("/").text == "<p>edited</p>\n")
            _ = try custom.write("soundboard/index.html", "<p>edited again</p>\n")
            #expect(try await client.get("/").text == "<p>edited again</p>\n")
        }

        let missing = try ToolRunner.run("client", ["serve", "--root", fixture.root, "--templates", "/nonexistent"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("/nonexistent/soundboard/index.html"))
    }

    @Test("the built-in page equals templates/soundboard (scripts/embed-templates writes it)")
    func builtInPageEqualsTheFiles() throws {
        let folder = ToolRunner.repositoryRoot.appendingPathComponent("templates/soundboard")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
            .sorted()
        #expect(names.contains("index.html"))
        #expect(
            BuiltInSoundboard.files.keys.sorted() == names, "templates/soundboard changed; run scripts/embed-templates")
        for name in names {
            let file = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path))
            #expect(
                BuiltInSoundboard.files[name].map { Data($0.utf8) } == file,
                "templates/soundboard/\(name) differs from its built-in copy; run scripts/embed-templates")
        }
    }
}
