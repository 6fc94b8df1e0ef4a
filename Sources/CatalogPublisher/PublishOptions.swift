import Foundation
import PackBuilder

/// How `catalog publish` runs.
///
/// ```swift
/// var options = PublishOptions(output: "dist")
/// options.signKeyPath = "keys/catalog.key"
/// options.build.cacheFolder = URL(fileURLWithPath: "/tmp/caches")
/// ```
public struct PublishOptions: Sendable {
    /// The published folder (`dist/`).
    public var output: String
    /// The catalog source folder holding catalog.yaml.
    public var source: String = "catalog"
    /// Private key files to sign catalog.json with (`--sign-key`, repeatable).
    public var signKeyPaths: [String] = []
    /// The first of ``signKeyPaths``.
    public var signKeyPath: String? {
        get { signKeyPaths.first }
        set { signKeyPaths = newValue.map { [$0] } ?? [] }
    }
    /// External signers (`--signer "COMMAND"`: bytes on stdin, base64 signature on stdout).
    public var signerCommands: [String] = []
    /// A keys folder (`catalog keys init`): its roots are published under `root/` and its
    /// catalog keys sign catalog.json unless keys or signers are given.
    public var keysFolder: String?
    public var expiresInDays: Int = 180
    /// Write a new catalog.json (catalogVersion + 1, later `expires`) even with no change.
    public var renew = false
    public var strict = false
    /// A folder of customised page templates (`index.html.mustache` and the partials it
    /// uses); nil renders index.html from the templates built in.
    public var templatesDirectory: String?
    public var now = Date()
    /// The schema of catalog.json to write: 2 (index, shards and deltas; the default) or 1 (one
    /// seed and the pack list in catalog.json, for clients that read only schema 1).
    public var schemaVersion = 2
    /// How many recent versions a schema-2 catalog.json offers deltas from.
    public var keepVersions = 10
    /// Whether what earlier runs learned of the source files (the build state in the build caches'
    /// folder) is used: false reads every file again (`--no-cache`). The output is the same.
    public var usesBuildState = true
    /// Hears how far the publish is: the phase ("checking packs", "building packs"), the steps
    /// done and their number. The tool draws a progress line on a terminal from it.
    package var progress: (@Sendable (_ phase: String, _ done: Int, _ total: Int) -> Void)?
    /// About how many items share a pack shard of a schema-2 catalog (tests make many small shards).
    package var itemsPerShard = ShardedLayout.itemsPerShard
    /// How the missing packs are built (caches, time stamps, read chunks); the tool fills it from
    /// the environment, the defaults otherwise.
    package var build = BuildSettings()

    public init(output: String, source: String = "catalog") {
        self.output = output
        self.source = source
    }
}

/// What a publish did; `catalog publish --json` prints it.
public struct PublishResult: Sendable, Codable, Equatable {
    public var catalogVersion: Int
    /// False when nothing changed and nothing was rewritten.
    public var changed: Bool
    public var catalog: String
    public var seed: String
    public var signature: String?
    /// Slugs of the pack versions built by this run.
    public var packsBuilt: [String]
    public var removedPacks: [String]
    public var removedItems: [String]
}
