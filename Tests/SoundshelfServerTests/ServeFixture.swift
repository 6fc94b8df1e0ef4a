import Foundation
import TestSupport

/// The demo catalog published by the built `catalog`, served by nginx on loopback, synced into a
/// fresh data root by the built `client`, and `client serve` running on it.
final class ServeFixture: @unchecked Sendable {
    let tmp: TemporaryDirectory
    let root: String
    let nginx: NginxServer
    let server: ServeProcess
    var catalogURL: String { nginx.baseURL.absoluteString }
    var url: String { server.url }

    static let dungeon = "a731dff3-4c29-42a8-b2ee-35179ce591f7"

    init(serveArguments: [String] = []) throws {
        tmp = try TemporaryDirectory(prefix: "serve")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.url.appendingPathComponent("dist").path
        root = tmp.url.appendingPathComponent("root").path
        let publish = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        guard publish.status == 0 else { throw ServeProcess.Failure(description: publish.stderr) }
        nginx = try NginxServer(root: dist)
        let sync = try ToolRunner.run("client", ["sync", "--catalog", nginx.baseURL.absoluteString, "--root", root])
        guard sync.status == 0 else { throw ServeProcess.Failure(description: sync.stderr) }
        server = try ServeProcess(root: root, arguments: serveArguments)
    }

    /// The built `client` on this data root with `--json`.
    func cli(_ arguments: [String]) throws -> ToolRunner.Result {
        try ToolRunner.run("client", arguments + ["--root", root, "--json"])
    }

    deinit {
        _ = server.stop(signal: SIGKILL, timeout: 5)
        nginx.stop()
    }
}
