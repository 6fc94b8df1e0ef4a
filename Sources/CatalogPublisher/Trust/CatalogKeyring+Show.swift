import CatalogModel
import Foundation

/// One root of a chain as `catalog keys show --json` prints it.
public struct RootSummary: Sendable, Codable, Equatable {
    public var version: Int
    public var expires: String
    /// True when `expires` has passed (an older root is still a valid step of the chain).
    public var expired: Bool
    public var roles: RootDocument.Roles
    /// The key ids whose signatures on this root verify.
    public var signedBy: [String]
    /// The key ids of this root whose private key is a file of the folder shown.
    public var privateKeysHere: [String]
}

extension CatalogKeyring {
    /// The chain under `folder/root/` (a keys folder or a published catalog), every step checked
    /// as a client checks it; throws at the first root that fails.
    ///
    /// ```swift
    /// let chain = try CatalogKeyring.show(folder: "dist")
    /// chain.last?.roles.catalog.keyids
    /// ```
    public static func show(folder: String, now: Date = Date()) throws(KeyringError) -> [RootSummary] {
        let url = URL(fileURLWithPath: folder).standardizedFileURL
        let here = Set(KeyFolder(url).privateKeys().map(\.keyid))
        return try RootFolder(url).verifiedChain().map { step in
            let document = step.document
            return RootSummary(
                version: document.version, expires: document.expires,
                expired: (ISO8601.date(document.expires) ?? .distantPast) <= now, roles: document.roles,
                signedBy: step.signedBy, privateKeysHere: document.keys.keys.filter(here.contains).sorted())
        }
    }
}
