import Foundation
import TestSupport
import Testing

/// What the page's browser tests start from: the demo catalog published by the built `catalog`,
/// served by nginx, synced into a data root by the built `client` with some packs installed, and
/// the CLI's `--json` to learn what the page must show.
final class DemoPageLibrary {
    let tmp: TemporaryDirectory
    let root: String
    private let nginx: NginxServer

    init(prefix: String, installing packs: [String]) throws {
        tmp = try TemporaryDirectory(prefix: prefix)
        root = tmp.path("root")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.path("dist")
        let publish = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        try #require(publish.status == 0, "catalog publish failed: \(publish.stderr)")
        nginx = try NginxServer(root: dist)
        _ = try json(["sync", "--catalog", nginx.baseURL.absoluteString])
        for pack in packs { _ = try json(["install", pack]) }
    }

    deinit { nginx.stop() }

    /// `client ARGUMENTS --root ROOT --json`, which must succeed and print an object.
    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try ToolRunner.run("client", arguments + ["--root", root, "--json"])
        try #require(result.status == 0, "client \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
        return try #require(object, "client \(arguments.first ?? "") printed no JSON object: \(result.stdout)")
    }

    func items(_ document: [String: Any]) -> [[String: Any]] { document["items"] as? [[String: Any]] ?? [] }
}
