import Foundation
import LibraryClient
import Testing

/// The library's errors state facts an app can show: `localizedDescription` is the sentence,
/// bridged NSErrors carry a Soundshelf domain, and no sentence tells the user to run a `client`
/// command or pass a `--flag` (that advice is the command-line tool's).
@Suite struct ErrorFactsTests {
    static let errors: [any Error] = [
        LibraryClientError.noCatalogLocation,
        LibraryClientError.unsigned(url: "https://cdn.example.com/catalog.json"),
        LibraryClientError.rollback(url: "https://cdn.example.com/catalog.json", offered: 4, imported: 5),
        LibraryClientError.expired(url: "https://cdn.example.com/catalog.json", expires: "2020-01-01T00:00:00Z"),
        LibraryClientError.notSynced(root: "/data"),
        LibraryClientError.itemNotFound("6b1f"),
        LibraryClientError.packNotFound(PackReference("dungeon")),
        LibraryClientError.musicEntryNotFound("m1"),
        LibraryClientError.unknownTag(dimension: .mood, name: "Eerie", suggestion: nil),
        LibraryClientError.unknownTagID(dimension: .mood, id: 9),
        PackInstallError.manifestMismatch(url: "m.json", field: "packId", expected: "a", actual: "b"),
        PackInstallError.catalogChanged(packId: "p", listed: 3, synced: 2),
        PackInstallError.notInCatalog(packId: "p", catalog: "https://cdn.example.com/"),
        CollectionsError.itemNotFound("6b1f"), CollectionsError.sceneNotFound("Game night"),
        CollectionsError.itemAlreadyInScene(itemID: "i", sceneID: "s", position: 2),
        CollectionsError.itemNotInScene(itemID: "i", sceneID: "s"),
        ListeningError.unknownTarget("x"),
        PagingError.invalidCursor("abc"), PagingError.foreignCursor("abc", expected: "favorites page"),
        MusicServiceError.invalidCursor("abc"),
    ]

    @Test func sentencesStateFactsWithoutCommandAdvice() {
        for error in Self.errors {
            let sentence = String(describing: error)
            #expect(!sentence.isEmpty)
            #expect(!sentence.contains("`client"), "\(sentence)")
            #expect(!sentence.contains("--"), "\(sentence)")
            #expect(error.localizedDescription == sentence)
        }
    }

    @Test func bridgedErrorsCarryTheLibraryDomain() {
        let rollback = LibraryClientError.rollback(url: "u", offered: 4, imported: 5) as NSError
        #expect(rollback.domain == "org.soundshelf.LibraryClient")
        #expect(rollback.localizedDescription.contains("catalogVersion 4 is older than the imported 5"))
        #expect(
            (PackInstallError.busy(packId: "p", pid: 7) as NSError).domain == "org.soundshelf.LibraryClient.install")
        let codes = Set([LibraryClientError.noCatalogLocation, .emptySearch].map { ($0 as NSError).code })
        #expect(codes.count == 2)
    }
}
