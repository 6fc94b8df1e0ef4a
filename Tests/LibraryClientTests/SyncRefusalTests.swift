import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// A refused sync names the problem and leaves the database exactly as it was.
@Suite struct SyncRefusalTests {
    /// Imports v5 (signed when `key` is given), runs `change`, syncs again and expects `check` on the
    /// error, with the database dump byte-identical before and after.
    func expectRefusal(
        trust: Bool = false, force: Bool = false, change: (Harness, Seed) throws -> Void,
        check: (LibraryClientError) -> Bool
    ) async throws {
        let h = try Harness()
        let seed = FilterFacetTests.seed()
        let keyFile = h.tmp.url.appendingPathComponent("catalog.pub")
        let key = try FixtureCatalog.makeKey(publicKeyFile: keyFile)
        try h.fixture.publish(seed: seed, catalogVersion: 5, signWith: key)
        try await h.sync(trustKey: trust ? keyFile.path : nil)
        try change(h, seed)
        let before = try await h.dump()
        let dbBytes = try Data(contentsOf: h.root.appendingPathComponent("library.sqlite"))
        do {
            try await h.sync(force: force)
            Issue.record("the sync was expected to fail")
        } catch let error as LibraryClientError {
            #expect(check(error), "unexpected error: \(error)")
        }
        #expect(try await h.dump() == before)
        #expect(try Data(contentsOf: h.root.appendingPathComponent("library.sqlite")) == dbBytes)
    }

    static func bumped(_ seed: Seed) -> Seed {
        var s = seed
        s.packs[0].items[0].title = "Changed"
        return s
    }

    @Test func rollbackIsRefusedEvenWithForce() async throws {
        try await expectRefusal(
            force: true, change: { h, seed in try h.fixture.publish(seed: Self.bumped(seed), catalogVersion: 4) },
            check: { if case .rollback(_, 4, 5) = $0 { $0.description.contains("refusing a rollback") } else { false } }
        )
    }

    @Test func downgradeIsAcceptedWhenAllowed() async throws {
        let h = try Harness()
        try h.fixture.publish(seed: FilterFacetTests.seed(), catalogVersion: 5)
        try await h.sync()
        try h.fixture.publish(seed: Self.bumped(FilterFacetTests.seed()), catalogVersion: 4)
        let result = try await h.sync(allowDowngrade: true)
        #expect(result.catalogVersion == 4 && result.updated == 1)
    }

    @Test func expiredCatalogIsRefused() async throws {
        try await expectRefusal(
            change: { h, seed in
                try h.fixture.publish(seed: Self.bumped(seed), catalogVersion: 6, expires: "2001-01-01T00:00:00Z")
            },
            check: { if case .expired(_, "2001-01-01T00:00:00Z") = $0 { true } else { false } })
    }

    @Test func wrongSignatureIsRefused() async throws {
        try await expectRefusal(
            trust: true,
            change: { h, seed in
                let other = try FixtureCatalog.makeKey(publicKeyFile: h.tmp.url.appendingPathComponent("other.pub"))
                try h.fixture.publish(seed: Self.bumped(seed), catalogVersion: 6, signWith: other)
            }, check: { if case .badSignature = $0 { $0.description.contains("catalog.json") } else { false } })
    }

    @Test func unsignedCatalogAfterTrustIsRefused() async throws {
        try await expectRefusal(
            trust: true, change: { h, seed in try h.fixture.publish(seed: Self.bumped(seed), catalogVersion: 6) },
            check: { if case .unsigned = $0 { true } else { false } })
    }

    @Test func alteredCatalogIsRefused() async throws {
        try await expectRefusal(
            trust: true,
            change: { h, _ in
                // Same signature file name can't match: the bytes changed, so their hash names another .sig.
                let url = h.fixture.folder.appendingPathComponent("catalog.json")
                var text = try String(contentsOf: url, encoding: .utf8)
                text = text.replacingOccurrences(of: "Fixture Catalog", with: "Evil Catalog")
                try text.write(to: url, atomically: true, encoding: .utf8)
            }, check: { if case .unsigned = $0 { true } else { false } })
    }

    @Test func seedHashMismatchIsRefused() async throws {
        try await expectRefusal(
            change: { h, seed in
                try h.fixture.publish(
                    seed: Self.bumped(seed), catalogVersion: 6,
                    seedBytesOverride: Data(
                        String(decoding: try CatalogJSON.encode(Self.bumped(seed)), as: UTF8.self)
                            .replacingOccurrences(of: "Changed", with: "Chanxed").utf8))
            },
            check: {
                if case .integrityMismatch(let url, "SHA-256", _, _) = $0 { url.contains("seeds/") } else { false }
            })
    }

    @Test func seedSizeMismatchIsRefused() async throws {
        try await expectRefusal(
            change: { h, seed in
                try h.fixture.publish(seed: Self.bumped(seed), catalogVersion: 6, seedBytesOverride: Data("{}".utf8))
            }, check: { if case .integrityMismatch(_, "size", _, _) = $0 { true } else { false } })
    }

    static let badSeeds = [
        ("creature on music", "$.music[0].tags.creatureTypes"),
        ("non-NFC name", "$.packs[0].items[1].tags.moods[0]"),
        ("bad id", "$.packs[0].items[0].id"),
        ("repeated id", "$.packs[0].items[1].id"),
        ("blank title", "$.packs[1].items[0].title"),
    ]

    /// `seed` broken in the way `problem` names.
    static func broken(_ seed: Seed, _ problem: String) -> Seed {
        var bad = seed
        switch problem {
        case "creature on music": bad.music = [SeedFactory.music(50, "M", tags: TagSet(creatureTypes: ["Undead"]))]
        case "non-NFC name":
            bad.packs[0].items[0].tags.moods = ["Caf\u{E9}"]  // the NFC form first, then the decomposed one
            bad.packs[0].items[1].tags.moods = ["Cafe\u{301}"]
        case "repeated id": bad.packs[0].items[1].id = bad.packs[0].items[0].id
        case "blank title": bad.packs[1].items[0].title = " \u{3000}"
        default: bad.packs[0].items[0].id = "not-a-uuid"
        }
        return bad
    }

    static func isInvalidDocument(_ error: LibraryClientError, at path: String) -> Bool {
        guard case .invalidDocument(let d) = error else { return false }
        return d.path == path && d.file.contains("seeds/") && error.description.contains(path)
    }

    /// An update with a broken seed: refused with the rule's path, nothing changed.
    @Test(arguments: badSeeds)
    func badSeedIsRefusedWithItsPath(problem: String, path: String) async throws {
        try await expectRefusal(
            change: { h, seed in
                try h.fixture.publish(seed: Self.broken(seed, problem), catalogVersion: 6)
            }, check: { Self.isInvalidDocument($0, at: path) })
    }

    /// A first import with a broken seed (the rules are checked while the rows are written):
    /// refused with the rule's path — not the database error a repeated id would cause — and
    /// the library stays empty, its facet index unwritten.
    @Test(arguments: badSeeds)
    func badFirstSeedIsRefusedAndLeavesAnEmptyLibrary(problem: String, path: String) async throws {
        let h = try Harness()
        let empty = try await h.dump()
        try h.fixture.publish(seed: Self.broken(FilterFacetTests.seed(), problem), catalogVersion: 1)
        do {
            try await h.sync()
            Issue.record("the sync was expected to fail")
        } catch let error as LibraryClientError {
            #expect(Self.isInvalidDocument(error, at: path), "unexpected error: \(error)")
        }
        #expect(try await h.dump() == empty)
        #expect(!FileManager.default.fileExists(atPath: h.root.appendingPathComponent("facet-index.bin").path))
    }

    /// The seed write runs with foreign keys unchecked and other bulk settings; the writer
    /// connection must have its defaults back afterwards, whether the sync succeeded or not.
    @Test func writerDefaultsAreBackAfterASyncAndAfterARefusal() async throws {
        let h = try Harness()
        func settings() async throws -> [Int] {
            try await h.library.database.writer.write { db in
                try ["foreign_keys", "cache_size", "wal_autocheckpoint"].map {
                    try Int.fetchOne(db, sql: "PRAGMA \($0)") ?? 0
                }
            }
        }
        try await h.publishAndSync(FilterFacetTests.seed())
        #expect(try await settings() == [1, -2000, 1000])
        try h.fixture.publish(seed: Self.broken(FilterFacetTests.seed(), "repeated id"), catalogVersion: 2)
        await #expect(throws: LibraryClientError.self) { try await h.sync() }
        #expect(try await settings() == [1, -2000, 1000])
    }

    @Test func undecodableSeedNamesPathAndID() async throws {
        try await expectRefusal(
            change: { h, seed in
                var text = String(decoding: try CatalogJSON.encode(Self.bumped(seed)), as: UTF8.self)
                text = text.replacingOccurrences(of: "\"kind\" : \"atmosphere\"", with: "\"kind\" : \"video\"")
                let data = Data(text.utf8)
                // Publish a catalog whose declared hash matches the broken seed.
                try h.fixture.write("seeds/\(SHA256Digest.hex(of: data)).json", data)
                let doc = CatalogDocument(
                    catalogVersion: 6, generatedAt: "2026-01-01T00:00:00Z", title: "T", expires: nil,
                    seed: FileReference(
                        url: "seeds/\(SHA256Digest.hex(of: data)).json",
                        sha256: SHA256Digest.hex(of: data), bytes: Int64(data.count)),
                    packs: [])
                try h.fixture.write("catalog.json", try CatalogJSON.encode(doc))
            },
            check: {
                guard case .invalidDocument(let d) = $0 else { return false }
                return d.path == "$.packs[1].kind" && d.message.contains(tid(200))
            })
    }
}
