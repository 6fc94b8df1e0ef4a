import Foundation

/// One signature in a signature list (`root/N.json.sig`, `signatures/<sha256>.json`):
/// `{"keyid": …, "sig": "<base64 Ed25519 signature>"}`.
///
/// ```swift
/// let list = try KeySignature.decodeList(bytes, file: "root/2.json.sig")
/// ```
public struct KeySignature: Codable, Sendable, Hashable {
    public var keyid: String
    public var sig: String

    public init(keyid: String, sig: String) {
        self.keyid = keyid
        self.sig = sig
    }

    /// A signature list as published: sorted by key id, one line per signature.
    public static func encodeList(_ list: [KeySignature]) throws -> Data {
        try CatalogJSON.encode(list.sorted { ($0.keyid, $0.sig) < ($1.keyid, $1.sig) })
    }

    public static func decodeList(_ bytes: Data, file: String) throws(TrustError) -> [KeySignature] {
        do { return try CatalogJSON.decode([KeySignature].self, from: bytes, file: file) } catch {
            throw TrustError(file: file, reason: .malformed(error.message + (error.path.map { " at \($0)" } ?? "")))
        }
    }

    /// The distinct key ids of `role` whose signature over `bytes` verifies with `root`'s key.
    /// A key counts once however often it signed; a key the role does not list counts not at all.
    public static func validSigners(
        of bytes: Data, _ list: [KeySignature], role: RootDocument.Role, keys root: RootDocument
    ) -> Set<String> {
        let allowed = Set(role.keyids)
        var valid: Set<String> = []
        for entry in list where allowed.contains(entry.keyid) && !valid.contains(entry.keyid) {
            guard let key = root.publicKey(entry.keyid),
                CatalogSignature.verify(entry.sig, of: bytes, publicKey: key)
            else { continue }
            valid.insert(entry.keyid)
        }
        return valid
    }
}
