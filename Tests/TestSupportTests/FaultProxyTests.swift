import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each fault of FaultProxy really happens, as a URLSession client sees it; untouched responses
/// are the server's byte for byte; the draw replays from its seed.
@Suite struct FaultProxyTests {
    let tmp: TemporaryDirectory
    /// 1000 bytes, each byte its index mod 251, so any slice is recognisable.
    let file = Data((0..<1000).map { UInt8($0 % 251) })
    let server: FaultyHTTPServer
    static let path = "/packs/p/1/a.bin"

    init() throws {
        tmp = try TemporaryDirectory(prefix: "fault-proxy")
        try tmp.write("packs/p/1/a.bin", file)
        server = try FaultyHTTPServer(root: tmp.path())
    }

    private func proxy(_ scripts: [String: FaultProxy.Script] = [:], stallSeconds: Double = 1.5) throws -> FaultProxy {
        try FaultProxy(upstream: server.baseURL, settings: .init(stallSeconds: stallSeconds), scripts: scripts)
    }

    private func url(_ proxy: FaultProxy) -> URL { proxy.baseURL.appendingPathComponent("packs/p/1/a.bin") }

    @Test func relaysTheServersAnswersUntouched() async throws {
        let proxy = try proxy()
        let whole = try await HTTPFetch.get(url(proxy))
        #expect(whole.status == 200 && whole.body == file && whole.header("Connection") == "close")
        let ranged = try await HTTPFetch.get(url(proxy), range: "bytes=600-")
        #expect(ranged.status == 206 && ranged.body == file.subdata(in: 600..<1000))
        let missing = try await HTTPFetch.get(proxy.baseURL.appendingPathComponent("nope"))
        #expect(missing.status == 404)
        #expect(proxy.requests.map(\.range) == [nil, "bytes=600-", nil])
        #expect(proxy.requests.allSatisfy { $0.fault == nil } && proxy.faultCounts.isEmpty)
        #expect(server.requests.map(\.path) == [Self.path, Self.path, "/nope"])
    }

    @Test func flipChangesExactlyOneByteOnce() async throws {
        let proxy = try proxy([Self.path: .first(.flip)])
        let flipped = try await HTTPFetch.get(url(proxy))
        #expect(flipped.status == 200 && flipped.body.count == file.count)
        let differing = zip(flipped.body, file).filter { $0 != $1 }
        #expect(differing.count == 1 && differing.allSatisfy { $0 ^ $1 == 0xFF })
        #expect(try await HTTPFetch.get(url(proxy)).body == file)
        #expect(proxy.requests.map(\.fault) == [.flip, nil] && proxy.faultCounts == [.flip: 1])
    }

    @Test func busyAnswers503WithRetryAfterWithoutAskingTheServer() async throws {
        let proxy = try proxy([Self.path: .every(.busy(retryAfter: "1"))])
        for _ in 0..<2 {
            let reply = try await HTTPFetch.get(url(proxy))
            #expect(reply.status == 503 && reply.header("Retry-After") == "1")
        }
        #expect(server.requests.isEmpty)
        #expect(proxy.faultCounts == [.busy: 2])
    }

    @Test func cutEndsTheBodyShort() async throws {
        let proxy = try proxy([Self.path: .first(.cut)])
        let short = try? await HTTPFetch.get(url(proxy)).body
        #expect(short.map { $0.count < file.count } ?? true, "the client sees an error or a short body")
        #expect(try await HTTPFetch.get(url(proxy)).body == file)
    }

    @Test func stallSendsPartThenNothingUntilTheClientGivesUp() async throws {
        let proxy = try proxy([Self.path: .first(.stall)], stallSeconds: 20)
        let started = Date()
        // Whole seconds: FoundationNetworking on Linux truncates a request timeout to seconds.
        await #expect(throws: (any Error).self) { _ = try await HTTPFetch.get(url(proxy), timeout: 1) }
        let elapsed = Date().timeIntervalSince(started)
        // Loose: the whole suite on two cores delays every request by up to ~30 s (see FaultyHTTPServerTests).
        #expect(elapsed >= 0.9 && elapsed < 100, "the client gave up after \(elapsed) s")
        #expect(try await HTTPFetch.get(url(proxy)).body == file)
        #expect(proxy.requests.map(\.fault) == [.stall, nil])
    }

    @Test func healTurnsEveryFaultOff() async throws {
        let proxy = try FaultProxy(
            upstream: server.baseURL, settings: .init(seed: 3, rate: 1), scripts: [Self.path: .every(.flip)])
        proxy.heal()
        #expect(try await HTTPFetch.get(url(proxy)).body == file)
        #expect(proxy.requests.map(\.fault) == [nil])
    }

    @Test func theDrawReplaysFromItsSeedAndHitsTheRate() {
        let settings = FaultProxy.Settings(seed: 42, rate: 0.45)
        let draws = (0..<2000).map { FaultProxy.draw(path: "/p\($0 % 7)", index: $0 / 7, settings: settings).0 }
        let again = (0..<2000).map { FaultProxy.draw(path: "/p\($0 % 7)", index: $0 / 7, settings: settings).0 }
        #expect(draws == again)
        let faulted = draws.compactMap { $0 }
        #expect(abs(Double(faulted.count) / 2000 - 0.45) < 0.05)
        #expect(Set(faulted.map(\.kind)) == Set(FaultProxy.Kind.allCases))
        let waits = faulted.compactMap { fault -> String? in
            if case .busy(let wait?) = fault { return wait }
            return nil
        }
        #expect(Set(waits) == ["0", "1"])
        let other = (0..<2000).map {
            FaultProxy.draw(path: "/p\($0 % 7)", index: $0 / 7, settings: .init(seed: 43, rate: 0.45)).0
        }
        #expect(draws != other)
    }

    @Test func refusesAnUpstreamOffTheLoopback() {
        #expect(throws: (any Error).self) { try FaultProxy(upstream: URL(string: "http://example.com:80/")!) }
    }
}
