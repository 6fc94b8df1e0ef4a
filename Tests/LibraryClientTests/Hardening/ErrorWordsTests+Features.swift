import Foundation
import Testing

@testable import LibraryClient

extension ErrorWordsTests {
    @Test("every collections, listening, paging and music service error")
    func featureErrors() throws {
        let collections: [CollectionsError] = [
            .itemNotFound("i"), .sceneNotFound("Game night"), .emptyTitle, .duplicateTitle("Tavern", sceneID: "s"),
            .itemAlreadyInScene(itemID: "i", sceneID: "s", position: 2), .itemRepeated("i"),
            .itemNotInScene(itemID: "i", sceneID: "s"), .positionOutOfRange(9, count: 3),
        ]
        let collectionName = { (error: CollectionsError) -> String in
            switch error {
            case .itemNotFound: "itemNotFound"
            case .sceneNotFound: "sceneNotFound"
            case .emptyTitle: "emptyTitle"
            case .duplicateTitle: "duplicateTitle"
            case .itemAlreadyInScene: "itemAlreadyInScene"
            case .itemRepeated: "itemRepeated"
            case .itemNotInScene: "itemNotInScene"
            case .positionOutOfRange: "positionOutOfRange"
            }
        }
        #expect(
            Set(collections.map(collectionName))
                == (try Self.declaredCases("Sources/LibraryClient/Collections/CollectionsError.swift")))

        var listening: [ListeningError] = []
        for reason in Self.reasons {
            listening += [
                .unknownTarget("x"), .unknownImportTarget(file: "plays.json", path: "plays[2].target", target: "x"),
                .invalidImportFile(file: "plays.json", path: "plays[2].at", problem: "not a time"),
                .unreadableImportFile(file: "plays.json", reason: reason), .invalidTime("noon"),
                .unsupportedSource(.sync), .invalidSeconds(-1), .unknownStoredValue(column: "source", value: "radio"),
            ]
        }
        let listeningName = { (error: ListeningError) -> String in
            switch error {
            case .unknownTarget: "unknownTarget"
            case .unknownImportTarget: "unknownImportTarget"
            case .invalidImportFile: "invalidImportFile"
            case .unreadableImportFile: "unreadableImportFile"
            case .invalidTime: "invalidTime"
            case .unsupportedSource: "unsupportedSource"
            case .invalidSeconds: "invalidSeconds"
            case .unknownStoredValue: "unknownStoredValue"
            }
        }
        #expect(
            Set(listening.map(listeningName))
                == (try Self.declaredCases("Sources/LibraryClient/Plays/ListeningError.swift")))

        let paging: [PagingError] = [.invalidCursor("abc"), .foreignCursor("abc", expected: "favorites page")]
        let pagingName = { (error: PagingError) -> String in
            switch error {
            case .invalidCursor: "invalidCursor"
            case .foreignCursor: "foreignCursor"
            }
        }
        #expect(
            Set(paging.map(pagingName)) == (try Self.declaredCases("Sources/LibraryClient/Paging/PagingError.swift")))

        var music: [MusicServiceError] = []
        for reason in Self.reasons {
            music += [
                .unauthorized(service: .appleMusic, playlistID: "pl.1", status: 401),
                .playlistNotFound(service: .spotify, playlistID: "37i9"),
                .httpStatus(service: .appleMusic, playlistID: "pl.1", status: 500),
                .rateLimited(service: .spotify, playlistID: "37i9"),
                .unreachable(service: .appleMusic, playlistID: "pl.1", reason: reason),
                .malformedResponse(service: .spotify, playlistID: "37i9", detail: "no items"),
                .responseTooLarge(service: .appleMusic, playlistID: "pl.1", limit: 1_000_000),
                .foreignLink(service: .spotify, playlistID: "37i9", link: "https://evil.example/next"),
                .unknownStoredService("radio"), .invalidCursor("abc"),
            ]
        }
        let musicName = { (error: MusicServiceError) -> String in
            switch error {
            case .unauthorized: "unauthorized"
            case .playlistNotFound: "playlistNotFound"
            case .httpStatus: "httpStatus"
            case .rateLimited: "rateLimited"
            case .unreachable: "unreachable"
            case .malformedResponse: "malformedResponse"
            case .responseTooLarge: "responseTooLarge"
            case .foreignLink: "foreignLink"
            case .unknownStoredService: "unknownStoredService"
            case .invalidCursor: "invalidCursor"
            }
        }
        #expect(
            Set(music.map(musicName))
                == (try Self.declaredCases("Sources/LibraryClient/Music/MusicServiceError.swift")))

        let all: [any Error] = collections + listening + paging + music
        all.forEach { Self.check($0) }
    }
}
