import CatalogFormat
import Crypto
import Foundation

/// Writes `root/N.json` and `root/N.json.sig` into a folder, as a publisher (or an attacker) would:
/// key numbers index ``signers``; the catalog role is one key of its own.
struct RootFixture {
    /// One version of the root: its root keys (numbers), their threshold, and who signs it.
    struct Version {
        var keys: [Int]
        var threshold: Int
        var sigs: [Int]
        /// Days from now until it expires (negative: expired).
        var expiresInDays = 365
        /// Written under this version number instead of its place in the list.
        var version: Int?
        var catalogKey: Int = 99
    }

    let folder: URL
    let signers: [Int: Curve25519.Signing.PrivateKey]

    init(folder: URL) {
        self.folder = folder
        var keys: [Int: Curve25519.Signing.PrivateKey] = [:]
        for number in Array(0..<12) + [99, 98] { keys[number] = Curve25519.Signing.PrivateKey() }
        signers = keys
    }

    func id(_ number: Int) -> String { RootDocument.keyID(of: signers[number]!.publicKey) }

    func document(_ spec: Version, number: Int) -> RootDocument {
        var keys: [String: String] = [:]
        for n in spec.keys + [spec.catalogKey] {
            keys[id(n)] = signers[n]!.publicKey.rawRepresentation.base64EncodedString()
        }
        return RootDocument(
            version: spec.version ?? number,
            expires: ISO8601.string(Date().addingTimeInterval(Double(spec.expiresInDays) * 86_400)), keys: keys,
            roles: .init(
                root: .init(keyids: spec.keys.map(id).sorted(), threshold: spec.threshold),
                catalog: .init(keyids: [id(spec.catalogKey)], threshold: 1)))
    }

    /// Signatures of `bytes` by each numbered key, in the order given (duplicates kept).
    func signatures(_ bytes: Data, by numbers: [Int]) throws -> Data {
        let list = try numbers.map {
            KeySignature(keyid: id($0), sig: try CatalogSignature.sign(bytes, with: signers[$0]!))
        }
        return try CatalogJSON.encode(list)
    }

    /// Writes every version (number i + 1 for the i-th) and returns their bytes.
    @discardableResult
    func write(_ versions: [Version]) throws -> [Data] {
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var written: [Data] = []
        for (index, spec) in versions.enumerated() {
            let bytes = try document(spec, number: index + 1).encoded()
            try bytes.write(to: root.appendingPathComponent("\(index + 1).json"))
            try signatures(bytes, by: spec.sigs).write(to: root.appendingPathComponent("\(index + 1).json.sig"))
            written.append(bytes)
        }
        return written
    }

    var firstRoot: String { folder.appendingPathComponent("root/1.json").path }
}
