import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryClient
import SoundshelfServer
import TestSupport

/// The demo catalog published by the built `catalog` into a folder, synced into a fresh data root by
/// the built `client`, and `client serve`'s application built in-process on it: requests go straight
/// to its router (`app.test(.router)`), no socket, no server process.
///
/// The router test framework's requests name the host `localhost` without a port, so the server
/// under test is set up as listening on port 80, where a bare name means the same.
final class RouterFixture: @unchecked Sendable {
    let tmp: TemporaryDirectory
    let root: String
    let dist: String
    let library: Library

    static let dungeon = ServeFixture.dungeon

    init() throws {
        tmp = try TemporaryDirectory(prefix: "router")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        dist = tmp.url.appendingPathComponent("dist").path
        root = tmp.url.appendingPathComponent("root").path
        let publish = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        guard publish.status == 0 else { throw ServeProcess.Failure(description: publish.stderr) }
        let sync = try ToolRunner.run("client", ["sync", "--catalog", dist, "--root", root])
        guard sync.status == 0 else { throw ServeProcess.Failure(description: sync.stderr) }
        library = try Library(root: URL(fileURLWithPath: root))
    }

    /// The server on this data root (not listening).
    func server(host: String = "localhost", token: String? = nil, page: SoundboardPage = .builtIn) -> SoundboardServer {
        SoundboardServer(library: library, host: host, port: 80, page: page, catalog: dist, token: token)
    }

    /// Runs `body` against the server's router.
    func test(
        host: String = "localhost", token: String? = nil, page: SoundboardPage = .builtIn,
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await test(server(host: host, token: token, page: page), body)
    }

    /// Runs `body` against `server`'s router.
    func test(_ server: SoundboardServer, _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws
    {
        try await server.buildApplication().test(.router, body)
    }

    /// The built `client` on this data root with `--json`.
    func cli(_ arguments: [String]) throws -> ToolRunner.Result {
        try ToolRunner.run("client", arguments + ["--root", root, "--json"])
    }
}

extension TestClientProtocol {
    /// `GET uri` with `headers` (names as given).
    func get(_ uri: String, headers: [String: String] = [:]) async throws -> TestResponse {
        try await send(.get, uri, headers: headers)
    }

    /// A state-changing request with the header the server requires.
    func change(_ method: HTTPRequest.Method, _ uri: String, body: String? = nil) async throws -> TestResponse {
        try await send(method, uri, headers: ["X-Soundshelf": "1"], body: body)
    }

    func send(
        _ method: HTTPRequest.Method, _ uri: String, headers: [String: String] = [:], body: String? = nil
    ) async throws -> TestResponse {
        var fields = HTTPFields()
        for (name, value) in headers { fields[HTTPFields.Element.Name(name)!] = value }
        if body != nil { fields[.contentType] = "application/json" }
        return try await executeRequest(uri: uri, method: method, headers: fields, body: body.map(ByteBuffer.init))
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    var data: Data { Data(buffer: body) }

    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ServeProcess.Failure(description: "not a JSON object: \(text)")
        }
        return object
    }

    /// The JSON body's `error` sentence.
    var error: String? { (try? json())?["error"] as? String }
}
