import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The system nginx serves a folder on loopback the way a static host would, and goes away.
@Suite(.serialized, .startsProcesses) struct NginxServerTests {
    let tmp: TemporaryDirectory
    let file = Data((0..<5000).map { UInt8($0 % 253) })

    init() throws {
        tmp = try TemporaryDirectory(prefix: "nginx-test")
        try tmp.write("packs/p/1/assets/a.aac", file)
        try tmp.write("catalog.json", "{\"title\": \"x\"}\n")
        try tmp.write("index.html", "<!DOCTYPE html><title>t</title>")
    }

    @Test func servesFilesWithTheirTypes() async throws {
        let nginx = try NginxServer(root: tmp.path())
        defer { nginx.stop() }
        #expect(nginx.baseURL.absoluteString.hasPrefix("http://127.0.0.1:"))
        let asset = try await HTTPFetch.get(nginx.baseURL.appendingPathComponent("packs/p/1/assets/a.aac"))
        #expect(asset.status == 200 && asset.body == file)
        let json = try await HTTPFetch.get(nginx.baseURL.appendingPathComponent("catalog.json"))
        #expect(json.header("Content-Type") == "application/json")
        let index = try await HTTPFetch.get(nginx.baseURL)
        #expect(index.status == 200)
        #expect(index.header("Content-Type")?.hasPrefix("text/html") == true)
        let missing = try await HTTPFetch.get(nginx.baseURL.appendingPathComponent("nope"))
        #expect(missing.status == 404)
        let head = try await HTTPFetch.get(
            nginx.baseURL.appendingPathComponent("packs/p/1/assets/a.aac"), method: "HEAD")
        #expect(head.status == 200 && head.header("Content-Length") == "5000" && head.body.isEmpty)
    }

    @Test func answersRangeRequestsWith206() async throws {
        let nginx = try NginxServer(root: tmp.path())
        defer { nginx.stop() }
        let url = nginx.baseURL.appendingPathComponent("packs/p/1/assets/a.aac")
        let reply = try await HTTPFetch.get(url, range: "bytes=1234-")
        #expect(reply.status == 206)
        #expect(reply.header("Content-Range") == "bytes 1234-4999/5000")
        #expect(reply.body == file.subdata(in: 1234..<5000))
    }

    @Test func stopEndsTheProcess() async throws {
        let nginx = try NginxServer(root: tmp.path())
        let pid = nginx.processIdentifier
        #expect(kill(pid, 0) == 0)
        let started = Date()
        nginx.stop()
        #expect(
            Date().timeIntervalSince(started) < 3,
            "nginx ignored SIGTERM and had to be killed (the kill comes after 3 s)")
        nginx.stop()
        #expect(kill(pid, 0) != 0, "nginx \(pid) is still running after stop()")
        await #expect(throws: (any Error).self) { _ = try await HTTPFetch.get(nginx.baseURL, timeout: 2) }
    }

    @Test func stopsWhenReleased() throws {
        var nginx: NginxServer? = try NginxServer(root: tmp.path())
        let pid = try #require(nginx?.processIdentifier)
        nginx = nil
        #expect(kill(pid, 0) != 0, "nginx \(pid) outlived its NginxServer")
    }

    @Test func missingNginxSaysToRunBootstrap() {
        #expect {
            _ = try NginxServer(root: tmp.path(), executable: "/nonexistent/nginx")
        } throws: { error in
            String(describing: error).contains("scripts/bootstrap")
        }
    }

    @Test func twoServersRunSideBySide() async throws {
        let first = try NginxServer(root: tmp.path())
        let second = try NginxServer(root: tmp.path())
        defer {
            first.stop()
            second.stop()
        }
        #expect(first.baseURL != second.baseURL)
        #expect(try await HTTPFetch.get(first.baseURL).status == 200)
        #expect(try await HTTPFetch.get(second.baseURL).status == 200)
    }
}
