import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each fault of FaultyHTTPServer really happens, as a URLSession client sees it.
@Suite struct FaultyHTTPServerTests {
    let tmp: TemporaryDirectory
    /// 1000 bytes, each byte its index mod 251, so any slice is recognisable.
    let file = Data((0..<1000).map { UInt8($0 % 251) })

    init() throws {
        tmp = try TemporaryDirectory(prefix: "faulty-http")
        try tmp.write("packs/p/1/a.bin", file)
        try tmp.write("catalog.json", "{\"title\": \"x\"}\n")
    }

    private func server(
        _ faults: [String: FaultyHTTPServer.Fault] = [:],
        limits: FaultyHTTPServer.Limits = .init()
    ) throws -> FaultyHTTPServer {
        try FaultyHTTPServer(root: tmp.path(), faults: faults, limits: limits)
    }

    @Test func servesFilesAndRecordsRequests() async throws {
        let server = try server()
        let reply = try await HTTPFetch.get(server.baseURL.appendingPathComponent("packs/p/1/a.bin"))
        #expect(reply.status == 200)
        #expect(reply.body == file)
        #expect(reply.header("Content-Length") == "1000")
        let json = try await HTTPFetch.get(server.baseURL.appendingPathComponent("catalog.json"))
        #expect(json.header("Content-Type") == "application/json")
        let missing = try await HTTPFetch.get(server.baseURL.appendingPathComponent("nope.json"))
        #expect(missing.status == 404)
        #expect(server.requests.map(\.path) == ["/packs/p/1/a.bin", "/catalog.json", "/nope.json"])
        #expect(server.requests.allSatisfy { $0.method == "GET" && $0.range == nil })
    }

    @Test func rangeGives206WithTheRightBytes() async throws {
        let server = try server()
        let url = server.baseURL.appendingPathComponent("packs/p/1/a.bin")
        let open = try await HTTPFetch.get(url, range: "bytes=600-")
        #expect(open.status == 206)
        #expect(open.header("Content-Range") == "bytes 600-999/1000")
        #expect(open.body == file.subdata(in: 600..<1000))
        let closed = try await HTTPFetch.get(url, range: "bytes=10-19")
        #expect(closed.status == 206 && closed.body == file.subdata(in: 10..<20))
        let beyond = try await HTTPFetch.get(url, range: "bytes=5000-")
        #expect(beyond.status == 416)
        #expect(beyond.header("Content-Range") == "bytes */1000")
        #expect(server.requests.map(\.range) == ["bytes=600-", "bytes=10-19", "bytes=5000-"])
    }

    @Test func closeAfterCutsTheFirstRequestOnly() async throws {
        let server = try server(["/packs/p/1/a.bin": .closeAfter(bytes: 100)])
        let url = server.baseURL.appendingPathComponent("packs/p/1/a.bin")
        var short: Data?
        do {
            short = try await HTTPFetch.get(url).body
        } catch {
            short = nil  // the usual outcome: the client reports the cut connection
        }
        #expect(short.map { $0.count < 1000 } ?? true, "the first download must not be complete")
        let second = try await HTTPFetch.get(url)
        #expect(second.status == 200 && second.body == file)
    }

    @Test func closeAfterCanCutSeveralRequestsAndRangedOnes() async throws {
        let server = try server(["/packs/p/1/a.bin": .closeAfter(bytes: 10, requests: 2)])
        let url = server.baseURL.appendingPathComponent("packs/p/1/a.bin")
        await #expect(throws: (any Error).self) { _ = try await HTTPFetch.get(url) }
        await #expect(throws: (any Error).self) { _ = try await HTTPFetch.get(url, range: "bytes=500-") }
        let third = try await HTTPFetch.get(url, range: "bytes=500-")
        #expect(third.status == 206 && third.body == file.subdata(in: 500..<1000))
    }

    @Test func ignoreRangeAlwaysSendsTheWholeFile() async throws {
        let server = try server(["/packs/p/1/a.bin": .ignoreRange])
        let reply = try await HTTPFetch.get(
            server.baseURL.appendingPathComponent("packs/p/1/a.bin"), range: "bytes=600-")
        #expect(reply.status == 200)
        #expect(reply.body == file)
        #expect(server.requests.first?.range == "bytes=600-")
    }

    @Test func statusFaultSendsAnHTMLErrorPage() async throws {
        let page = "<html><body>Access denied</body></html>"
        let server = try server(["/catalog.json": .status(403, body: page, contentType: "text/html")])
        let reply = try await HTTPFetch.get(server.baseURL.appendingPathComponent("catalog.json"))
        #expect(reply.status == 403)
        #expect(reply.header("Content-Type") == "text/html")
        #expect(String(decoding: reply.body, as: UTF8.self) == page)
    }

    @Test(arguments: [true, false])
    func oversendSendsMoreThanTheFile(declareLength: Bool) async throws {
        let server = try server(["/packs/p/1/a.bin": .oversend(extra: 300, declareLength: declareLength)])
        let reply = try await HTTPFetch.get(server.baseURL.appendingPathComponent("packs/p/1/a.bin"))
        #expect(reply.status == 200)
        #expect(reply.body.count == 1300)
        #expect(reply.body.prefix(1000) == file)
        #expect(reply.header("Content-Length") == (declareLength ? "1300" : nil))
    }

    @Test func trickleOutlastsAOneSecondTimeout() async throws {
        // 10 bytes, then 3 s of silence per slice: the whole body would take 300 s.
        let server = try server(["/packs/p/1/a.bin": .trickle(bytes: 10, every: 3)])
        let started = Date()
        let error = await #expect(throws: URLError.self) {
            _ = try await HTTPFetch.get(server.baseURL.appendingPathComponent("packs/p/1/a.bin"), timeout: 1)
        }
        #expect(error?.code == .timedOut)
        let elapsed = Date().timeIntervalSince(started)
        // Well before the 300 s the body would take; loose, as a loaded machine delays timers.
        #expect(elapsed >= 0.9 && elapsed < 100, "the timeout fired after \(elapsed) s")
    }

    @Test func trickleBySpeedDeliversTheWholeBodySlowly() async throws {
        let server = try server(["/packs/p/1/a.bin": .trickle(bytesPerSecond: 2500)])
        let started = Date()
        let reply = try await HTTPFetch.get(server.baseURL.appendingPathComponent("packs/p/1/a.bin"), timeout: 2)
        #expect(reply.body == file)
        #expect(Date().timeIntervalSince(started) >= 0.3, "1000 bytes at 2500 B/s take 0.4 s")
    }

    @Test func endlessRunsUntilTheClientStops() async throws {
        let server = try server(["/stream": .endless])
        let read = try await HTTPFetch.stream(server.baseURL.appendingPathComponent("stream"), cancelAfter: 10 << 20)
        #expect(read.cancelled)
        #expect(read.bytes >= 10 << 20)
        try await waitUntil { server.openConnections == 0 }
    }

    @Test func endlessStopsAtItsByteCap() async throws {
        let server = try server(["/stream": .endless], limits: .init(endlessBytes: 1 << 20))
        let read = try await HTTPFetch.stream(server.baseURL.appendingPathComponent("stream"), cancelAfter: 100 << 20)
        #expect(!read.cancelled)
        #expect(read.bytes == 1 << 20)
    }

    @Test func connectionsOverTheLimitAreRefused() async throws {
        // The slow download holding the one connection is opened by hand, not by a Task that a
        // busy test run might start late, and the server's own time limit is far away: when
        // other tests hold both cooperative threads, this test may only get to look after 30 s.
        let server = try server(
            ["/packs/p/1/a.bin": .trickle(bytes: 1, every: 0.5)],
            limits: .init(maxConnections: 1, maxSeconds: 600))
        let slow = try RawHTTPConnection(port: server.port, path: "/packs/p/1/a.bin")
        try await waitUntil { server.openConnections == 1 }
        await #expect(throws: (any Error).self) {
            _ = try await HTTPFetch.get(server.baseURL.appendingPathComponent("catalog.json"))
        }
        slow.close()
        server.stop()
        try await waitUntil { server.openConnections == 0 }
    }

    @Test func stopsWhenReleased() async throws {
        var server: FaultyHTTPServer? = try server()
        let url = try #require(server?.baseURL.appendingPathComponent("catalog.json"))
        #expect(try await HTTPFetch.get(url).status == 200)
        server = nil
        await #expect(throws: (any Error).self) { _ = try await HTTPFetch.get(url, timeout: 2) }
    }

    @Test func refusesPathsOutsideTheRoot() async throws {
        let server = try server()
        let reply = try await HTTPFetch.get(
            URL(string: "\(server.baseURL.absoluteString)packs/%2E%2E/%2E%2E/../etc/passwd")!)
        #expect(reply.status == 404)
    }
}

/// Polls `condition` every 20 ms for up to `seconds` (generous: the whole suite runs in parallel
/// on two cores); fails the test if it never holds.
func waitUntil(seconds: Double = 30, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else {
            Issue.record("condition not met within \(seconds) s")
            return
        }
        try await Task.sleep(nanoseconds: 20_000_000)
    }
}
