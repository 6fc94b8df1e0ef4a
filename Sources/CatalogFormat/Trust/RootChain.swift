import Foundation

/// The rules of a root of trust, as TUF's client workflow (§5.3) states them: a root trusted
/// from the start signs itself with its own threshold; each next root must carry version N + 1
/// and be signed by a threshold of the trusted root's `root` keys *and* of its own; an expired
/// intermediate root is a valid step, an expired newest root is not; catalog.json is valid when a
/// threshold of the newest root's `catalog` keys signed it. A key counts once.
///
/// ```swift
/// var trusted = try RootChain.selfSigned(rootBytes, signatures: sig, file: "root/1.json")
/// trusted = try RootChain.step(from: trusted, to: next, signatures: nextSig, file: "root/2.json")
/// try RootChain.checkFresh(trusted, now: Date(), file: "root/2.json")
/// ```
public enum RootChain {
    /// How many roots a client walks in one sync at most.
    public static let maximumSteps = 1024

    /// A root trusted as shipped: it must be signed by a threshold of its own `root` keys.
    public static func selfSigned(_ bytes: Data, signatures: Data, file: String) throws(TrustError) -> RootDocument {
        let root = try RootDocument.decode(bytes, file: file)
        let list = try KeySignature.decodeList(signatures, file: file + ".sig")
        try require(bytes, list, role: root.roles.root, keys: root, name: "root", of: "root \(root.version)", file)
        return root
    }

    /// The root that follows `trusted`, checked; throws when any rule fails.
    public static func step(
        from trusted: RootDocument, to bytes: Data, signatures: Data, file: String
    ) throws(TrustError) -> RootDocument {
        let next = try RootDocument.decode(bytes, file: file)
        guard next.version == trusted.version + 1 else {
            throw TrustError(file: file, reason: .version(found: next.version, expected: trusted.version + 1))
        }
        let list = try KeySignature.decodeList(signatures, file: file + ".sig")
        try require(
            bytes, list, role: trusted.roles.root, keys: trusted, name: "root", of: "root \(trusted.version)", file)
        try require(bytes, list, role: next.roles.root, keys: next, name: "root", of: "root \(next.version)", file)
        return next
    }

    /// Refuses a newest root that has expired.
    public static func checkFresh(_ root: RootDocument, now: Date, file: String) throws(TrustError) {
        guard let date = ISO8601.date(root.expires), date > now else {
            throw TrustError(file: file, reason: .expired(version: root.version, expires: root.expires))
        }
    }

    /// Checks catalog.json's `bytes` against `root`'s `catalog` role.
    public static func checkCatalog(
        _ bytes: Data, signatures: [KeySignature], root: RootDocument, file: String
    ) throws(TrustError) {
        try require(
            bytes, signatures, role: root.roles.catalog, keys: root, name: "catalog", of: "root \(root.version)", file)
    }

    /// Whether the `catalog` keys differ between two roots (a client then forgets the catalog
    /// version it remembered: the recovery from a fast-forward attack).
    public static func catalogKeysChanged(from old: RootDocument, to new: RootDocument) -> Bool {
        Set(old.roles.catalog.keyids) != Set(new.roles.catalog.keyids)
    }

    private static func require(
        _ bytes: Data, _ list: [KeySignature], role: RootDocument.Role, keys: RootDocument, name: String, of: String,
        _ file: String
    ) throws(TrustError) {
        let valid = KeySignature.validSigners(of: bytes, list, role: role, keys: keys).count
        guard valid >= role.threshold else {
            throw TrustError(
                file: file, reason: .threshold(role: name, of: of, valid: valid, needed: role.threshold))
        }
    }
}
