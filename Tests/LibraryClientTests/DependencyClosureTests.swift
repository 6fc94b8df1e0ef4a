import Foundation
import TestSupport
import Testing

/// What an app links: LibraryClient's dependency closure, read from the package manifest as
/// SwiftPM sees it (`swift package dump-package`), holds none of the authoring, audio-analysis or
/// C-archive pieces, so the library builds for iOS and stays small.
@Suite(.serialized, .startsProcesses) struct DependencyClosureTests {
    /// Names (targets, products, packages, pkg-config names) that must not be reachable.
    static let forbidden = [
        "yams", "yaml", "audioprobe", "catalogmodel", "carchive", "packarchive", "libarchive", "ffmpeg", "libav",
        "ebur128", "analysis",
    ]

    struct Closure {
        var targets: Set<String> = []
        /// `package/product` for every product of another package reached.
        var products: Set<String> = []
        var pkgConfig: Set<String> = []
    }

    static func manifest() throws -> [String: Any] {
        let scratch = try TemporaryDirectory()
        let result = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            [
                "swift", "package", "--package-path", ToolRunner.repositoryRoot.path, "--scratch-path",
                scratch.path("scratch"), "dump-package",
            ], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    static func closure(of root: String, in manifest: [String: Any]) throws -> Closure {
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        let byName = Dictionary(
            uniqueKeysWithValues: targets.compactMap { t in (t["name"] as? String).map { ($0, t) } })
        var closure = Closure()
        var pending = [root]
        while let name = pending.popLast() {
            guard closure.targets.insert(name).inserted, let target = byName[name] else { continue }
            if let config = target["pkgConfig"] as? String { closure.pkgConfig.insert(config) }
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let local = (dependency["byName"] ?? dependency["target"]) as? [Any], let n = local.first as? String
                {
                    if byName[n] != nil { pending.append(n) } else { closure.products.insert(n) }
                } else if let product = dependency["product"] as? [Any], let n = product.first as? String {
                    closure.products.insert("\(product.dropFirst().first as? String ?? "")/\(n)")
                }
            }
        }
        return closure
    }

    @Test func libraryClientLinksNoAuthoringAnalysisOrArchiveCode() throws {
        let closure = try Self.closure(of: "LibraryClient", in: try Self.manifest())
        // The walk found what LibraryClient does use, so an empty closure cannot pass.
        #expect(closure.targets.isSuperset(of: ["LibraryClient", "CatalogFormat", "POSIXWrite", "PackTar"]))
        #expect(closure.products.contains("GRDB.swift/GRDB"))
        let names = closure.targets.union(closure.products).union(closure.pkgConfig).map { $0.lowercased() }
        let reached = names.filter { name in Self.forbidden.contains { name.contains($0) } }
        #expect(reached.isEmpty, "LibraryClient reaches \(reached.sorted())")
    }

    @Test func libraryJSONLinksNoAuthoringCode() throws {
        let closure = try Self.closure(of: "LibraryJSON", in: try Self.manifest())
        #expect(closure.targets.contains("LibraryClient"))
        #expect(!closure.targets.contains("CatalogModel"))
        #expect(!closure.products.contains { $0.lowercased().contains("yams") })
    }

    /// The `client` tool is an app of the library too: its shared command pieces read the
    /// published formats, never the authoring side.
    @Test func clientToolLinksNoAuthoringCode() throws {
        let closure = try Self.closure(of: "client", in: try Self.manifest())
        #expect(closure.targets.isSuperset(of: ["client", "CommandSupport", "LibraryClient", "SoundshelfServer"]))
        #expect(!closure.targets.contains("CatalogModel"))
        #expect(!closure.products.contains { $0.lowercased().contains("yams") })
    }
}
