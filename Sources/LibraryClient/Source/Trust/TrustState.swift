import CatalogFormat
import Foundation

/// What a data root trusts to check its catalog: the root's version, its keys by role with their
/// thresholds, and its expiry. An app shows it, and warns when the root expires soon (a
/// publisher renews it with a new root; until then syncs go on).
///
/// ```swift
/// let trust = try await library.trustState()
/// if let warning = trust.warning { print(warning) }   // "the root of trust expires in 12 days …"
/// ```
public struct TrustState: Sendable, Hashable, Codable {
    /// Where the trust comes from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// A root of trust (`--trust-root`, or one reached by a sync's walk).
        case root
        /// One key (`--trust-key`): an implicit root version 1, that key in both roles.
        case key
        /// Nothing: catalogs are not checked.
        case none
    }

    /// A role's keys and how many of them must sign.
    public struct Role: Sendable, Hashable, Codable {
        /// The key ids (lowercase hex SHA-256 of each raw public key).
        public var keyids: [String]
        /// How many distinct keys of the role must sign.
        public var threshold: Int
    }

    /// Where the trust comes from.
    public var source: Source
    /// The root's version (0 when nothing is trusted).
    public var version: Int
    /// When the root expires; nil for one key (no expiry of its own) or nothing trusted.
    public var expires: String?
    /// The keys that may sign the next root.
    public var root: Role?
    /// The keys that sign catalog.json.
    public var catalog: Role?
    /// Set when the root expires within 30 days (or has expired).
    public var warning: String?

    /// Nothing trusted (a data root that never synced with a key or a root).
    public static let nothing = TrustState(
        source: .none, version: 0, expires: nil, root: nil, catalog: nil, warning: nil)

    /// How long before the expiry ``warning`` speaks up.
    public static let warningPeriod: TimeInterval = 30 * 86_400

    package init(trust: CatalogTrust?, now: Date) {
        guard let trust else {
            self.init(source: .none, version: 0, expires: nil, root: nil, catalog: nil, warning: nil)
            return
        }
        let document = trust.root
        let expires = trust.key == nil ? document.expires : nil
        var warning: String?
        if let expires, let date = ISO8601.date(expires), date.timeIntervalSince(now) < Self.warningPeriod {
            let days = Int((date.timeIntervalSince(now) / 86_400).rounded(.down))
            warning =
                date <= now
                ? "the root of trust (version \(document.version)) expired at \(expires); syncs are refused until the publisher publishes a newer root"
                : "the root of trust (version \(document.version)) expires in \(days) day\(days == 1 ? "" : "s") (\(expires)); syncs are refused after that unless the publisher publishes a newer root"
        }
        self.init(
            source: trust.key == nil ? .root : .key, version: document.version, expires: expires,
            root: Role(keyids: document.roles.root.keyids, threshold: document.roles.root.threshold),
            catalog: Role(keyids: document.roles.catalog.keyids, threshold: document.roles.catalog.threshold),
            warning: warning)
    }

    /// Every field, nulls included (`client trust --json` keeps one shape).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(version, forKey: .version)
        try container.encode(expires, forKey: .expires)
        try container.encode(root, forKey: .root)
        try container.encode(catalog, forKey: .catalog)
        try container.encode(warning, forKey: .warning)
    }

    init(source: Source, version: Int, expires: String?, root: Role?, catalog: Role?, warning: String?) {
        self.source = source
        self.version = version
        self.expires = expires
        self.root = root
        self.catalog = catalog
        self.warning = warning
    }
}

extension Library {
    /// What this data root trusts to check its catalog (see ``TrustState``).
    ///
    /// ```swift
    /// let trust = try await library.trustState()
    /// trust.version   // 3
    /// ```
    public func trustState(now: Date = Date()) async throws -> TrustState {
        let state = try await catalogState()
        return TrustState(
            trust: try CatalogTrust.stored(root: state.trustedRoot, key: state.trustedPublicKey), now: now)
    }
}
