import Foundation

/// Paths and URLs inside a published folder.
enum PublishLayout {
    static func manifestPath(packId: String, version: Int) -> String { "packs/\(packId)/\(version)/manifest.json" }
    static func archivePath(packId: String, version: Int) -> String { "packs/\(packId)/\(version)/pack.tar" }
    static func seedPath(sha256: String) -> String { "seeds/\(sha256).json" }
    static func signaturePath(sha256: String) -> String { "signatures/\(sha256).sig" }
    /// The signature list of a catalog.json under a root of trust: `signatures/<sha256>.json`.
    static func signatureListPath(sha256: String) -> String { "signatures/\(sha256).json" }

    /// A published URL as written in catalog.json (`baseURL` + path, or the path alone).
    static func url(_ path: String, baseURL: String?) -> String {
        guard let base = baseURL else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// The folder-relative path of a URL written by this publisher (strips the base URL).
    static func localPath(of url: String) -> String {
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), let parsed = URL(string: url) else { return url }
        let parts = parsed.path.split(separator: "/")
        for marker in ["seeds", "packs", "signatures", "index", "shards", "deltas", "versions"] {
            if let i = parts.firstIndex(where: { $0 == marker }) { return parts[i...].joined(separator: "/") }
        }
        return parsed.lastPathComponent
    }
}
