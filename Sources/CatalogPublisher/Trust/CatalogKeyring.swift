import CatalogModel
import Crypto
import Foundation

/// `catalog keys init|rotate|revoke`: the root of trust of a catalog as files in a keys folder
/// (`root-N.key`, `catalog-N.key`, `root/N.json` and `root/N.json.sig`). Each new root N + 1 is
/// checked as a client checks it before anything is written: signed by a threshold of root N's
/// root keys and of its own.
///
/// ```swift
/// try CatalogKeyring.initialize(KeyringInit(folder: "keys"))          // root v1, 2 of 3
/// var rotation = KeyringRotation(folder: "keys")
/// rotation.newCatalogKeys = 1
/// try CatalogKeyring.rotate(rotation)                                  // root v2
/// ```
public enum CatalogKeyring {
    public static func initialize(_ options: KeyringInit) throws(KeyringError) -> KeyringResult {
        let folder = URL(fileURLWithPath: options.folder).standardizedFileURL
        let roots = RootFolder(folder)
        if roots.newestVersion != nil { throw .exists(path: roots.rootDirectory.appendingPathComponent("1.json").path) }
        let keys = KeyFolder(folder)
        var mint = KeyMint(keys: keys)
        var rootKeys = mint.make("root", options.rootKeys)
        for path in options.rootPublicKeys {
            let (id, text) = try KeyFolder.publicKey(path)
            rootKeys[id] = text
        }
        let catalogKeys = mint.make("catalog", options.catalogKeys)
        let document = try makeRoot(
            version: 1, rootKeys: rootKeys, rootThreshold: options.rootThreshold, catalogKeys: catalogKeys,
            catalogThreshold: options.catalogThreshold, expiresInDays: options.expiresInDays, now: options.now)
        let signers = mint.generated.map { CatalogSigner.key($0.1) } + options.signers.map { .command($0) }
        return try sign(document, previous: nil, signers: signers, into: roots, writing: mint.generated, keys: keys)
    }

    public static func rotate(_ options: KeyringRotation) throws(KeyringError) -> KeyringResult {
        let folder = URL(fileURLWithPath: options.folder).standardizedFileURL
        let roots = RootFolder(folder)
        guard let newest = try roots.verifiedChain().last?.document else { throw .noRoot(folder: folder.path) }
        let keys = KeyFolder(folder)
        var mint = KeyMint(keys: keys)
        func current(_ role: RootDocument.Role) -> [String: String] {
            Dictionary(uniqueKeysWithValues: role.keyids.map { ($0, newest.keys[$0]!) })
        }
        var rootKeys = options.newRootKeys.map { mint.make("root", $0) } ?? current(newest.roles.root)
        var catalogKeys = options.newCatalogKeys.map { mint.make("catalog", $0) } ?? current(newest.roles.catalog)
        for path in options.addRootKeys {
            let (id, text) = try KeyFolder.publicKey(path)
            rootKeys[id] = text
        }
        for path in options.addCatalogKeys {
            let (id, text) = try KeyFolder.publicKey(path)
            catalogKeys[id] = text
        }
        for given in options.revoke {
            let id = try resolve(given, in: newest)
            rootKeys[id] = nil
            catalogKeys[id] = nil
        }
        let document = try makeRoot(
            version: newest.version + 1, rootKeys: rootKeys,
            rootThreshold: options.rootThreshold ?? newest.roles.root.threshold, catalogKeys: catalogKeys,
            catalogThreshold: options.catalogThreshold ?? newest.roles.catalog.threshold,
            expiresInDays: options.expiresInDays, now: options.now)
        var signers = keys.privateKeys().map { CatalogSigner.key($0.key) } + mint.generated.map { .key($0.1) }
        for path in options.signKeys { signers.append(try CatalogSigner.keyFile(path)) }
        signers += options.signers.map { .command($0) }
        return try sign(document, previous: newest, signers: signers, into: roots, writing: mint.generated, keys: keys)
    }

    /// A full key id, or the one key of `root` it is a prefix of (8 hex digits or more).
    static func resolve(_ given: String, in root: RootDocument) throws(KeyringError) -> String {
        let text = given.lowercased()
        let matches = text.count >= 8 ? root.keys.keys.filter { $0.hasPrefix(text) } : []
        guard matches.count == 1, let id = matches.first else { throw .unknownKey(given, root: root.version) }
        return id
    }

    private static func makeRoot(
        version: Int, rootKeys: [String: String], rootThreshold: Int, catalogKeys: [String: String],
        catalogThreshold: Int, expiresInDays: Int, now: Date
    ) throws(KeyringError) -> RootDocument {
        for (name, keys, threshold) in [("root", rootKeys, rootThreshold), ("catalog", catalogKeys, catalogThreshold)] {
            guard !keys.isEmpty else { throw .invalidRoot("the \(name) role would have no key") }
            guard threshold >= 1, threshold <= keys.count else {
                throw .invalidRoot(
                    "the \(name) role would have \(keys.count) key\(keys.count == 1 ? "" : "s") and threshold \(threshold) (1…\(keys.count))"
                )
            }
        }
        guard expiresInDays >= 1 else { throw .invalidRoot("a root must expire at least 1 day after it is made") }
        return RootDocument(
            version: version, expires: ISO8601.string(now.addingTimeInterval(Double(expiresInDays) * 86_400)),
            keys: rootKeys.merging(catalogKeys) { a, _ in a },
            roles: .init(
                root: .init(keyids: rootKeys.keys.sorted(), threshold: rootThreshold),
                catalog: .init(keyids: catalogKeys.keys.sorted(), threshold: catalogThreshold)))
    }

    /// Signs `document`, checks it as a client would (against `previous` and itself), then writes
    /// the new key files and the root. Nothing is written when a check fails.
    private static func sign(
        _ document: RootDocument, previous: RootDocument?, signers: [CatalogSigner], into roots: RootFolder,
        writing generated: [(String, Curve25519.Signing.PrivateKey)], keys: KeyFolder
    ) throws(KeyringError) -> KeyringResult {
        let bytes: Data
        do { bytes = try document.encoded() } catch { throw .invalidRoot("the root cannot be encoded: \(error)") }
        var candidates = document.keys.filter { document.roles.root.keyids.contains($0.key) }
        if let previous {
            for id in previous.roles.root.keyids { candidates[id] = previous.keys[id] }
        }
        let list = try CatalogSigner.sign(bytes, with: signers, candidates: candidates)
            .filter { candidates[$0.keyid] != nil }
        let signatures: Data
        do { signatures = try KeySignature.encodeList(list) } catch { throw .invalidRoot("\(error)") }
        let file = roots.folder.appendingPathComponent(roots.path(document.version)).path
        do {
            if let previous {
                _ = try RootChain.step(from: previous, to: bytes, signatures: signatures, file: file)
            } else {
                _ = try RootChain.selfSigned(bytes, signatures: signatures, file: file)
            }
        } catch {
            throw .trust(error)
        }
        var written: [String] = []
        for (name, key) in generated { written += try keys.write(key, name: name) }
        try roots.write(document.version, bytes: bytes, signatures: signatures)
        return KeyringResult(
            version: document.version, expires: document.expires, root: file,
            rootKeys: document.roles.root.keyids, rootThreshold: document.roles.root.threshold,
            catalogKeys: document.roles.catalog.keyids, catalogThreshold: document.roles.catalog.threshold,
            signedBy: list.map(\.keyid), keyFiles: written)
    }
}

/// New key pairs made in one run, named `prefix-N` with the next free numbers; written only
/// once the root that lists them is checked.
private struct KeyMint {
    let keys: KeyFolder
    private var taken: Set<String> = []
    private(set) var generated: [(String, Curve25519.Signing.PrivateKey)] = []

    init(keys: KeyFolder) { self.keys = keys }

    /// `count` new keys: key id → base64 public key.
    mutating func make(_ prefix: String, _ count: Int) -> [String: String] {
        var ids: [String: String] = [:]
        for _ in 0..<count {
            let key = Curve25519.Signing.PrivateKey()
            let name = keys.nextName(prefix, taken: taken)
            taken.insert(name)
            generated.append((name, key))
            ids[RootDocument.keyID(of: key.publicKey)] = key.publicKey.rawRepresentation.base64EncodedString()
        }
        return ids
    }
}
