import CatalogFormat
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// The root rotation cases of the TUF conformance suite (`test_updater_key_rotations.py`), on our
/// layout: each case publishes `root/1.json` … `root/N.json` with the root keys, threshold and
/// signers given, the client trusts root 1 and walks from it. A case that succeeds ends at the
/// last root; one that fails ends refused, having kept the last root that passed.
@Suite("Root rotation: the TUF conformance cases and ours")
struct RootRotationTests {
    typealias V = RootFixture.Version

    static let conformance: [(String, [V], Bool)] = [
        (
            "1-of-1 key rotation",
            [
                V(keys: [1], threshold: 1, sigs: [1]), V(keys: [2], threshold: 1, sigs: [2, 1]),
                V(keys: [2], threshold: 1, sigs: [2]),
            ], true
        ),
        (
            "1-of-1 key rotation, unused signatures",
            [
                V(keys: [1], threshold: 1, sigs: [3, 1, 4]), V(keys: [2], threshold: 1, sigs: [3, 2, 1, 4]),
                V(keys: [2], threshold: 1, sigs: [3, 2, 4]),
            ], true
        ),
        (
            "3-of-5, signed by different combinations",
            [
                V(keys: [0, 1, 2, 3, 4], threshold: 3, sigs: [0, 2, 4]),
                V(keys: [0, 1, 2, 3, 4], threshold: 3, sigs: [0, 4, 1]),
                V(keys: [0, 1, 2, 3, 4], threshold: 3, sigs: [0, 1, 3]),
                V(keys: [0, 1, 2, 3, 4], threshold: 3, sigs: [0, 1, 3]),
            ], true
        ),
        (
            "3-of-5, one key rotated",
            [
                V(keys: [0, 1, 2, 3, 4], threshold: 3, sigs: [0, 2, 4]),
                V(keys: [0, 1, 3, 4, 5], threshold: 3, sigs: [0, 4, 1]),
            ], true
        ),
        (
            "3-of-5, one key rotated with an intermediate step",
            [
                V(keys: [0, 1, 2, 3, 4], threshold: 3, sigs: [0, 2, 4]),
                V(keys: [0, 1, 3, 4, 5], threshold: 3, sigs: [0, 2, 4, 5]),
                V(keys: [0, 1, 3, 4, 5], threshold: 3, sigs: [0, 4, 5]),
            ], true
        ),
        (
            "3-of-5, all keys rotated with an intermediate step",
            [
                V(keys: [0, 1, 2, 3, 4], threshold: 3, sigs: [0, 2, 4]),
                V(keys: [5, 6, 7, 8, 9], threshold: 3, sigs: [0, 2, 4, 5, 6, 7]),
                V(keys: [5, 6, 7, 8, 9], threshold: 3, sigs: [5, 6, 7]),
            ], true
        ),
        (
            "threshold raised from 1 of 3 to 2 of 3",
            [V(keys: [1, 2, 3], threshold: 1, sigs: [1]), V(keys: [1, 2, 3], threshold: 2, sigs: [1, 2])], true
        ),
        (
            "threshold lowered from 2 of 3 to 1 of 3",
            [
                V(keys: [1, 2, 3], threshold: 2, sigs: [1, 2]), V(keys: [1, 2, 3], threshold: 1, sigs: [1, 2]),
                V(keys: [1, 2, 3], threshold: 1, sigs: [1]),
            ], true
        ),
        (
            "threshold raised from 1 of 1 to 2 of 2",
            [V(keys: [1], threshold: 1, sigs: [1]), V(keys: [1, 2], threshold: 2, sigs: [1, 2])], true
        ),
        (
            "1-of-1 rotation refused: not signed by the old key",
            [V(keys: [1], threshold: 1, sigs: [1]), V(keys: [2], threshold: 1, sigs: [2, 3, 4])], false
        ),
        (
            "1-of-1 rotation refused: not signed by the new key",
            [V(keys: [1], threshold: 1, sigs: [1]), V(keys: [2], threshold: 1, sigs: [1, 3, 4])], false
        ),
        (
            "3-of-5 rotation refused: not signed by 3 new keys",
            [
                V(keys: [0, 1, 2, 3, 4], threshold: 3, sigs: [0, 2, 4]),
                V(keys: [0, 1, 3, 4, 5], threshold: 3, sigs: [0, 2, 4]),
            ], false
        ),
        (
            "3-of-5 rotation refused: not signed by 3 old keys",
            [
                V(keys: [0, 1, 2, 3, 4], threshold: 3, sigs: [0, 2, 4]),
                V(keys: [0, 1, 3, 4, 5], threshold: 3, sigs: [0, 4, 5]),
            ], false
        ),
        (
            "threshold raise refused: the new threshold not reached",
            [V(keys: [1, 2, 3], threshold: 1, sigs: [1]), V(keys: [1, 2, 3], threshold: 2, sigs: [2])], false
        ),
        (
            "threshold lowering refused: the old threshold not reached",
            [V(keys: [1, 2, 3], threshold: 2, sigs: [1, 2]), V(keys: [1, 2, 3], threshold: 1, sigs: [1])], false
        ),
        // Ours: the rest of the list.
        (
            "a key that signs twice counts once",
            [V(keys: [1, 2], threshold: 2, sigs: [1, 2]), V(keys: [1, 2], threshold: 2, sigs: [1, 1])], false
        ),
        (
            "an intermediate root that fails its own threshold",
            [
                V(keys: [1], threshold: 1, sigs: [1]), V(keys: [1, 2, 3], threshold: 3, sigs: [1, 2]),
                V(keys: [1, 2, 3], threshold: 2, sigs: [1, 2, 3]),
            ], false
        ),
        (
            "a thief with one of three root keys cannot rotate",
            [
                V(keys: [0, 1, 2], threshold: 2, sigs: [0, 1]), V(keys: [0, 10, 11], threshold: 2, sigs: [0, 10, 11]),
            ], false
        ),
        (
            "a skipped version",
            [V(keys: [1], threshold: 1, sigs: [1]), V(keys: [1], threshold: 1, sigs: [1], version: 3)], false
        ),
        (
            "a rollback to an older root",
            [
                V(keys: [1], threshold: 1, sigs: [1]), V(keys: [1], threshold: 1, sigs: [1]),
                V(keys: [1], threshold: 1, sigs: [1], version: 1),
            ], false
        ),
        (
            "an expired intermediate root is a valid step",
            [
                V(keys: [1], threshold: 1, sigs: [1]), V(keys: [1], threshold: 1, sigs: [1], expiresInDays: -5),
                V(keys: [2], threshold: 1, sigs: [1, 2]),
            ], true
        ),
        (
            "an expired newest root is refused",
            [V(keys: [1], threshold: 1, sigs: [1]), V(keys: [1], threshold: 1, sigs: [1], expiresInDays: -5)], false
        ),
    ]

    @Test(arguments: conformance.indices)
    func walk(_ index: Int) async throws {
        let (name, versions, succeeds) = Self.conformance[index]
        let tmp = try TemporaryDirectory(prefix: "root-rotation")
        let fixture = RootFixture(folder: tmp.url)
        let written = try fixture.write(versions)
        let trust = try CatalogTrust.rootFile(atPath: fixture.firstRoot)
        let walker = RootWalker(transport: URLCatalogTransport())
        let location = try CatalogLocation(tmp.url.path)
        do {
            let walk = try await walker.walk(from: trust, at: location)
            #expect(succeeds, "\(name): accepted")
            #expect(walk.trust.rootBytes == written.last, "\(name)")
            #expect(walk.steps == versions.count - 1, "\(name)")
        } catch let stopped as RootWalker.Stopped {
            #expect(!succeeds, "\(name): refused: \(stopped.error)")
            // Refused at the last root, except: an expired newest root is taken, then refused;
            // a failing intermediate root stops the walk before the root after it.
            let expiredLast = versions.last?.expiresInDays ?? 1 < 0
            let keptIndex =
                name.hasPrefix("an intermediate root") ? 0 : expiredLast ? versions.count - 1 : versions.count - 2
            #expect(stopped.reached.rootBytes == written[keptIndex], "\(name): kept \(stopped.reached.root.version)")
        }
    }

    @Test("a key listed under two ids is refused: a key counts once")
    func keyUnderTwoIDs() throws {
        let tmp = try TemporaryDirectory(prefix: "root-rotation")
        let fixture = RootFixture(folder: tmp.url)
        var document = fixture.document(V(keys: [1], threshold: 1, sigs: [1]), number: 1)
        let fake = String(repeating: "ab", count: 32)
        document.keys[fake] = document.keys[fixture.id(1)]
        document.roles.root = .init(keyids: [fixture.id(1), fake].sorted(), threshold: 2)
        let bytes = try document.encoded()
        let sig = try CatalogSignature.sign(bytes, with: fixture.signers[1]!)
        let list = try CatalogJSON.encode([
            KeySignature(keyid: fixture.id(1), sig: sig), KeySignature(keyid: fake, sig: sig),
        ])
        #expect(throws: TrustError.self) { try RootChain.selfSigned(bytes, signatures: list, file: "root/1.json") }
    }

    @Test("a shipped root must meet its own threshold")
    func shippedRootNeedsItsThreshold() throws {
        let tmp = try TemporaryDirectory(prefix: "root-rotation")
        let fixture = RootFixture(folder: tmp.url)
        try fixture.write([V(keys: [1, 2, 3], threshold: 2, sigs: [1])])
        #expect(throws: LibraryClientError.self) { try CatalogTrust.rootFile(atPath: fixture.firstRoot) }
    }

    @Test("a revoked catalog key's signature is refused after the root that revokes it")
    func revokedCatalogKey() throws {
        let tmp = try TemporaryDirectory(prefix: "root-rotation")
        let fixture = RootFixture(folder: tmp.url)
        let old = fixture.document(V(keys: [1], threshold: 1, sigs: [1], catalogKey: 99), number: 1)
        let new = fixture.document(V(keys: [1], threshold: 1, sigs: [1], catalogKey: 98), number: 2)
        let catalog = Data("{\"catalogVersion\": 9}\n".utf8)
        let byOld = [
            KeySignature(keyid: fixture.id(99), sig: try CatalogSignature.sign(catalog, with: fixture.signers[99]!))
        ]
        try RootChain.checkCatalog(catalog, signatures: byOld, root: old, file: "catalog.json")
        #expect(throws: TrustError.self) {
            try RootChain.checkCatalog(catalog, signatures: byOld, root: new, file: "catalog.json")
        }
        #expect(RootChain.catalogKeysChanged(from: old, to: new))
    }
}
