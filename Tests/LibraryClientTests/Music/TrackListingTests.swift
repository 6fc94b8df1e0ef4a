import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// `fetchTracks(_:)`: source filters count canonical tracks, search, every sort pages by cursor.
@Suite struct TrackListingTests {
    /// A library in a temporary folder that lives as long as this value.
    final class Fixture: Sendable {
        let tmp: TemporaryDirectory
        let library: Library
        init() throws {
            tmp = try TemporaryDirectory(prefix: "tracks")
            library = try Library(root: tmp.url, mode: .sql)
        }
    }

    static func library() async throws -> Fixture {
        let fixture = try Fixture()
        let library = fixture.library
        let apple = (0..<17).map { n in
            ServiceTrack(
                serviceTrackID: "am\(n)", title: "Song \(n % 5)", artist: "Artist \(n % 3)",
                album: n % 4 == 0 ? nil : "Album \(n % 2)",
                isrc: "ISRC\(n)", addedAt: "2020-01-\(String(format: "%02d", n % 9 + 1))T00:00:00Z")
        }
        let spotify = (10..<25).map { n in
            ServiceTrack(
                serviceTrackID: "sp\(n)", title: "Song \(n % 5)", artist: "Artist \(n % 3)", album: "Other \(n)",
                isrc: " isrc\(n) ", addedAt: "2021-02-\(String(format: "%02d", n % 7 + 1))T00:00:00Z")
        }
        try await library.database.writer.write { db in
            try MusicTrackStore.apply(
                ServicePlaylist(id: "pl.u-1"), tracks: apple, service: .appleMusic, now: "2026-01-01T00:00:00Z", db)
            try MusicTrackStore.apply(
                ServicePlaylist(id: "sp-1"), tracks: spotify, service: .spotify, now: "2026-01-01T00:00:00Z", db)
            _ = try MusicTrackStore.dedup(db)
        }
        // Plays of three tracks (3, 2 and 1), an hour apart so none is a duplicate of another.
        let played = try await library.music.fetchTracks(TrackQuery(sort: .title, limit: 3)).tracks
        var at = Date()
        for (track, count) in zip(played, [3, 2, 1]) {
            for _ in 0..<count {
                at += 3600
                let outcome = try await library.plays.record(
                    PlayInput(
                        target: "track:\(track.trackID)", secondsPlayed: 600,
                        at: at, source: .manual))
                guard case .counted = outcome else { throw CancellationError() }
            }
        }
        return fixture
    }

    @Test func sourceFiltersCountCanonicalTracks() async throws {
        let fixture = try await Self.library()
        let library = fixture.library
        let totals = try await TrackSourceFilter.allCases.asyncMap {
            try await library.music.fetchTracks(TrackQuery(source: $0)).total
        }
        #expect(totals == [25, 17, 15, 7])
        let search = try await library.music.fetchTracks(TrackQuery(search: "OTHER 2", limit: 100))
        #expect(Set(search.tracks.map(\.album)) == ["Other 20", "Other 21", "Other 22", "Other 23", "Other 24"])
        let byPlays = try await library.music.fetchTracks(TrackQuery(sort: .plays, limit: 4)).tracks.map(\.plays)
        #expect(byPlays == [3, 2, 1, 0])
    }

    @Test(arguments: TrackSort.allCases)
    func everySortPagesThroughAllTracksOnce(sort: TrackSort) async throws {
        let fixture = try await Self.library()
        let library = fixture.library
        let all = try await library.music.fetchTracks(TrackQuery(sort: sort, limit: 1000))
        #expect(all.nextCursor == nil && all.tracks.count == 25)
        var paged: [MusicTrack] = []
        var cursor: String?
        repeat {
            let page = try await library.music.fetchTracks(TrackQuery(sort: sort, limit: 7, after: cursor))
            #expect(page.total == 25 && page.tracks.count <= 7)
            paged += page.tracks
            cursor = page.nextCursor
            if let cursor { #expect(cursor.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) }
        } while cursor != nil
        #expect(paged.map(\.trackID) == all.tracks.map(\.trackID))
        switch sort {
        case .recent: #expect(paged.map { $0.addedAt ?? "" } == paged.map { $0.addedAt ?? "" }.sorted(by: >))
        case .title: #expect(paged.map { $0.title.lowercased() } == paged.map { $0.title.lowercased() }.sorted())
        case .artist: #expect(paged.map { $0.artist.lowercased() } == paged.map { $0.artist.lowercased() }.sorted())
        case .album:
            #expect(paged.map { ($0.album ?? "").lowercased() } == paged.map { ($0.album ?? "").lowercased() }.sorted())
        case .plays:
            #expect(paged.map(\.plays) == paged.map(\.plays).sorted(by: >))
            #expect(paged.map(\.plays).reduce(0, +) == 6)
        }
    }

    @Test func aCursorFromAnotherListingIsRefused() async throws {
        let fixture = try await Self.library()
        let library = fixture.library
        let page = try await library.music.fetchTracks(TrackQuery(sort: .title, limit: 3))
        let cursor = try #require(page.nextCursor)
        for bad in ["garbage!", "e30", cursor] {
            await #expect(throws: MusicServiceError.invalidCursor(bad)) {
                try await library.music.fetchTracks(TrackQuery(sort: .artist, after: bad))
            }
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
