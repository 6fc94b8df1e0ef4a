import CatalogFormat
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// Every case of every error the library throws, with the reasons its own code makes from the
/// system's failures (a full disk, a refused permission, a read-only volume, a lost connection),
/// reads as words: no Swift type name, no error domain, no bare errno number. The cases come
/// from the sources, so a new case without a sample here fails the test.
@Suite struct ErrorWordsTests {
    /// Failures the system hands the library, as it receives them.
    static let failures: [any Error] = [
        POSIXFailure(operation: "write", path: "/data/.staging/p/downloads/a.part", code: ENOSPC),
        POSIXError(.EACCES), POSIXError(.EROFS), POSIXError(.EIO), POSIXError(.ENOENT),
        NSError(domain: NSPOSIXErrorDomain, code: Int(EDQUOT)),
        CocoaError(.fileWriteOutOfSpace), CocoaError(.fileNoSuchFile), CocoaError(.fileWriteNoPermission),
        URLError(.timedOut), URLError(.cannotConnectToHost), URLError(.networkConnectionLost),
    ]
    static var reasons: [String] { failures.map(DiskSpace.reason) }

    /// Words that give away a type, a domain or a bare error number.
    static let giveaways = [
        #"\b[A-Z][A-Za-z]*(Error|Failure|Domain|Code)\b"#, #"\berror \d+\b"#, #"\berrno\b"#, #"Code=\d+"#,
        #"\b(Swift|Foundation|CatalogFormat|LibraryClient)\."#, #"Optional\("#, #"_nsError"#,
    ]

    static func check(_ error: any Error, file: String = #filePath, line: Int = #line) {
        for text in [String(describing: error), error.localizedDescription, ToolMessage.sentence(for: error)] {
            #expect(!text.isEmpty)
            for pattern in giveaways {
                #expect(
                    text.range(of: pattern, options: .regularExpression) == nil,
                    "\(text) (matches \(pattern))",
                    sourceLocation: SourceLocation(fileID: #fileID, filePath: file, line: line, column: 1))
            }
        }
    }

    /// The case names the source file declares (`    case name(` or `    case name`).
    static func declaredCases(_ path: String) throws -> Set<String> {
        let text = try String(contentsOf: ToolRunner.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"^    case (\w+)"#, options: .anchorsMatchLines)
        return Set(
            regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
                Range($0.range(at: 1), in: text).map { String(text[$0]) }
            })
    }

    @Test("the system's failures become the system's words")
    func reasonsAreWords() {
        for (failure, reason) in zip(Self.failures, Self.reasons) {
            Self.check(PackInstallError.fileSystem(path: "/data", reason: reason))
            #expect(!reason.contains("\(type(of: failure))"), "\(reason)")
        }
        #expect(DiskSpace.reason(POSIXError(.ENOSPC)) == String(cString: strerror(ENOSPC)))
        // A failure the library records as a pack's lastError is said in words, whatever its type.
        for failure in Self.failures {
            let sentence = ToolMessage.sentence(for: failure)
            #expect(
                Self.giveaways.allSatisfy { sentence.range(of: $0, options: .regularExpression) == nil }, "\(sentence)")
        }
    }

    @Test("every install error")
    func installErrors() throws {
        var samples: [PackInstallError] = []
        for reason in Self.reasons {
            samples += [
                .httpStatus(url: "https://cdn.example.com/p.tar", status: 503),
                .unreachable(url: "https://cdn.example.com/p.tar", reason: reason),
                .timedOut(url: "https://cdn.example.com/p.tar", seconds: 30, received: 10, expected: 20),
                .sizeMismatch(url: "p.tar", expected: 20, actual: "21 bytes"),
                .hashMismatch(url: "p.tar", expected: "ab", actual: "cd"),
                .manifestMismatch(url: "m.json", field: "packId", expected: "a", actual: "b"),
                .invalidManifest(url: "m.json", reason: reason), .refusedArchive(url: "p.tar", reason: reason),
                .catalogChanged(packId: "p", listed: 3, synced: 2),
                .notInCatalog(packId: "p", catalog: "https://cdn.example.com/"), .busy(packId: "p", pid: 7),
                .cancelled(packId: "p"), .fileSystem(path: "/data/AudioAssets/p", reason: reason),
                .diskFull(path: "/data", needed: 10, free: 2),
                .overBudget(packId: "p", incoming: 10, budget: 5, kept: 1),
            ]
        }
        let name = { (error: PackInstallError) -> String in
            switch error {
            case .httpStatus: "httpStatus"
            case .unreachable: "unreachable"
            case .timedOut: "timedOut"
            case .sizeMismatch: "sizeMismatch"
            case .hashMismatch: "hashMismatch"
            case .manifestMismatch: "manifestMismatch"
            case .invalidManifest: "invalidManifest"
            case .refusedArchive: "refusedArchive"
            case .catalogChanged: "catalogChanged"
            case .notInCatalog: "notInCatalog"
            case .busy: "busy"
            case .cancelled: "cancelled"
            case .fileSystem: "fileSystem"
            case .diskFull: "diskFull"
            case .overBudget: "overBudget"
            }
        }
        let declared = try Self.declaredCases("Sources/LibraryClient/Install/PackInstallError.swift")
        #expect(Set(samples.map(name)) == declared)
        samples.forEach { Self.check($0) }
    }

    @Test("every library error")
    func libraryErrors() throws {
        let trust = TrustError(file: "root/2.json", reason: .version(found: 3, expected: 2))
        var samples: [LibraryClientError] = []
        for reason in Self.reasons {
            samples += [
                .noCatalogLocation, .invalidLocation("ftp://x"),
                .unreachable(url: "https://cdn.example.com/catalog.json", reason: reason),
                .httpStatus(url: "https://cdn.example.com/catalog.json", status: 404),
                .missingFile(url: "file:///dist/catalog.json"), .diskFull(path: "/data", needed: 10, free: 1),
                .cannotWrite(path: "/tmp/soundshelf-seed-1.json", reason: reason),
                .invalidDocument(
                    Diagnostic(.error, "expected a number", file: "catalog.json", path: "catalogVersion")),
                .integrityMismatch(url: "seed.json.gz", field: "sha256", expected: "ab", actual: "cd"),
                .unsigned(url: "catalog.json"), .badSignature(url: "catalog.json"),
                .untrustedRoot(trust, reached: "root/1.json"), .catalogSignatures(trust),
                .invalidKey(file: "key.pub", reason: reason), .rollback(url: "catalog.json", offered: 1, imported: 2),
                .expired(url: "catalog.json", expires: "2020-01-01T00:00:00Z"),
                .invalidExpiry(url: "catalog.json", expires: "soon"), .notSynced(root: "/data"), .itemNotFound("i"),
                .packNotFound(PackReference("caves")), .musicEntryNotFound("m"),
                .unknownTag(dimension: .mood, name: "Eery", suggestion: "Eerie"),
                .unknownTagID(dimension: .mood, id: 9),
                .emptySearch,
                .database(path: "/data/library.sqlite", code: SQLiteResultCode(rawValue: 13), message: reason),
                .unexpectedValue(table: "pack_state", column: "state", value: "lost"),
                .facetIndexUnavailable(path: "/data/facet-index.bin"),
                .tooLarge(url: "catalog.json", limit: 4096),
            ]
        }
        let name = { (error: LibraryClientError) -> String in
            switch error {
            case .noCatalogLocation: "noCatalogLocation"
            case .invalidLocation: "invalidLocation"
            case .unreachable: "unreachable"
            case .httpStatus: "httpStatus"
            case .missingFile: "missingFile"
            case .diskFull: "diskFull"
            case .cannotWrite: "cannotWrite"
            case .invalidDocument: "invalidDocument"
            case .integrityMismatch: "integrityMismatch"
            case .unsigned: "unsigned"
            case .badSignature: "badSignature"
            case .untrustedRoot: "untrustedRoot"
            case .catalogSignatures: "catalogSignatures"
            case .invalidKey: "invalidKey"
            case .rollback: "rollback"
            case .expired: "expired"
            case .invalidExpiry: "invalidExpiry"
            case .notSynced: "notSynced"
            case .itemNotFound: "itemNotFound"
            case .packNotFound: "packNotFound"
            case .musicEntryNotFound: "musicEntryNotFound"
            case .unknownTag: "unknownTag"
            case .unknownTagID: "unknownTagID"
            case .emptySearch: "emptySearch"
            case .database: "database"
            case .unexpectedValue: "unexpectedValue"
            case .facetIndexUnavailable: "facetIndexUnavailable"
            case .tooLarge: "tooLarge"
            }
        }
        #expect(Set(samples.map(name)) == (try Self.declaredCases("Sources/LibraryClient/LibraryClientError.swift")))
        samples.forEach { Self.check($0) }
    }
}
