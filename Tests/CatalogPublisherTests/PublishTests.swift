import CatalogModel
import CatalogPublisher
import Crypto
import Foundation
import TestSupport
import Testing

/// `catalog publish` on a copy of the demo catalog.
struct PublishTests {
    let tmp: TemporaryDirectory
    let source: String
    var output: String { tmp.path("dist") }

    init() throws {
        tmp = try TemporaryDirectory()
        source = try DemoCatalog.copyCatalog(into: tmp)
    }

    func publish(renew: Bool = false, key: String? = nil) throws -> PublishResult {
        var options = PublishOptions(output: output, source: source)
        options.renew = renew
        options.schemaVersion = 1  // the seed and pack list in catalog.json (ShardedPublishTests: schema 2)
        options.signKeyPath = key
        return try CatalogPublisher.publish(options)
    }

    func document() throws -> (CatalogDocument, Data) {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(output)/catalog.json"))
        return (try CatalogJSON.decode(CatalogDocument.self, from: data, file: "catalog.json"), data)
    }

    func seed() throws -> Seed {
        let (doc, _) = try document()
        return try CatalogJSON.decode(
            Seed.self, from: Data(contentsOf: URL(fileURLWithPath: "\(output)/\(doc.seed.url)")), file: "seed")
    }

    @Test func hashesInCatalogJSONMatchTheFiles() throws {
        let result = try publish()
        #expect(result.catalogVersion == 1)
        let (doc, _) = try document()
        var refs = [doc.seed]
        for pack in doc.packs {
            refs.append(pack.manifest)
            refs.append(pack.archive!)
        }
        #expect(doc.packs.count == 5)
        for ref in refs {
            #expect(!ref.url.hasPrefix("/") && !ref.url.contains("://"), "relative URL without baseURL")
            let (sha, bytes) = try SHA256Digest.file(atPath: "\(output)/\(ref.url)")
            #expect(sha == ref.sha256)
            #expect(bytes == ref.bytes)
        }
        #expect(doc.seed.url == "seeds/\(doc.seed.sha256).json")
        let perms =
            try FileManager.default.attributesOfItem(atPath: "\(output)/catalog.json")[.posixPermissions] as? Int
        #expect(perms.map { $0 & 0o004 != 0 } == true, "world-readable")
    }

    @Test func seedVocabulariesKeepTheInitialOrderAndGainNewValues() throws {
        _ = try publish()
        let seed = try seed()
        let (catalog, _) = CatalogSource.load(path: "\(source)/catalog.yaml")
        for dim in TagDimension.allCases {
            let names = seed.vocabularies.entries(for: dim).map(\.name)
            let initial = catalog!.vocabularies[dim] ?? []
            #expect(Array(names.prefix(initial.count)) == initial)
            #expect(seed.vocabularies.entries(for: dim).map(\.sortOrder) == Array(0..<names.count))
        }
        #expect(seed.vocabularies.entries(for: .location).map(\.name).contains("Sewers"))
        #expect(seed.vocabularies.entries(for: .creatureType).map(\.name).last == "Vermin")
        #expect(seed.music.count == catalog!.music.count)
    }

    @Test func publishingTwiceRewritesNothingAndAnEditBumpsTheVersion() throws {
        _ = try publish()
        let (_, before) = try document()
        let second = try publish()
        #expect(second.changed == false)
        #expect(second.catalogVersion == 1)
        #expect(try document().1 == before)
        try DemoCatalog.edit(
            "\(source)/catalog.yaml", replacing: "title: \"Into the Underdark\"",
            with: "title: \"Into the Deep Underdark\"")
        let third = try publish()
        #expect(third.changed && third.catalogVersion == 2)
        #expect(try seed().music.contains { $0.title == "Into the Deep Underdark" })
        #expect(
            FileManager.default.fileExists(
                atPath: "\(output)/\(try CatalogJSON.decode(CatalogDocument.self, from: before, file: "").seed.url)"),
            "old seeds stay")
        let renewed = try publish(renew: true)
        #expect(renewed.catalogVersion == 3)
    }

    @Test func signatureVerifiesAndFailsAfterOneByteChanges() throws {
        let (keyPath, pubPath) = try CatalogKeys.generate(in: tmp.path("keys"))
        let perms = try FileManager.default.attributesOfItem(atPath: keyPath)[.posixPermissions] as? Int
        #expect(perms == 0o600)
        let result = try publish(key: keyPath)
        let (_, bytes) = try document()
        let sigPath = "\(output)/signatures/\(SHA256Digest.hex(of: bytes)).sig"
        #expect(result.signature == sigPath)
        let signature = try String(contentsOfFile: sigPath, encoding: .utf8)
        let pub = try CatalogSignature.readPublicKey(atPath: pubPath)
        #expect(CatalogSignature.verify(signature, of: bytes, publicKey: pub))
        var tampered = bytes
        tampered[tampered.count / 2] ^= 0x01
        #expect(!CatalogSignature.verify(signature, of: tampered, publicKey: pub))
        #expect(!CatalogSignature.verify(signature, of: bytes, publicKey: Curve25519.Signing.PrivateKey().publicKey))
    }

    @Test func unsignedCatalogGetsItsSignatureOnTheNextSignedPublish() throws {
        _ = try publish()
        let (keyPath, _) = try CatalogKeys.generate(in: tmp.path("keys"))
        let again = try publish(key: keyPath)
        #expect(again.changed == false)
        #expect(again.signature.map { FileManager.default.fileExists(atPath: $0) } == true)
    }
}
