import Foundation
import SyntheticData
import TestSupport
import Testing

@testable import LibraryClient

/// The match, merge and dedup rules as pure functions, and the canonical count over random libraries.
@Suite struct TrackMergeTests {
    static func record(
        _ id: String, isrc: String? = nil, added: String? = nil, genres: [String] = [],
        artwork: String? = nil
    ) -> MusicTrackCacheRecord {
        MusicTrackCacheRecord(
            trackId: id, title: "T", artist: "A", album: "B", artworkURL: artwork, lastSeenAt: "2026-01-01T00:00:00Z",
            isrc: isrc, genres: genres, addedAt: added)
    }

    @Test func isrcKeysIgnoreCaseAndSpaceAndEmptyNeverMatches() {
        #expect(TrackMerge.isrcKey(" usAAA2600001\n") == TrackMerge.isrcKey("USAAA2600001"))
        #expect(TrackMerge.isrcKey("  ") == nil && TrackMerge.isrcKey(nil) == nil)
        let groups = TrackMerge.duplicateGroups([
            ("a", "X1"), ("b", ""), ("c", " x1"), ("d", nil), ("e", "Y"), ("f", " "),
        ])
        #expect(groups == [["a", "c"]])
    }

    @Test func survivorPrefersAppleMusicThenEarliestThenSmallestID() {
        let a = Self.record("b", added: "2021")
        let b = Self.record("a", added: "2020")
        let c = Self.record("c", added: "2022")
        #expect(TrackMerge.survivor(of: [(a, false), (b, false), (c, true)]) == 2)
        #expect(TrackMerge.survivor(of: [(a, false), (b, false)]) == 1)
        #expect(
            TrackMerge.survivor(of: [
                (Self.record("z", added: "2020"), false), (Self.record("y", added: "2020"), false),
            ]) == 1)
    }

    @Test func combineUnitesGenresKeepsEarliestAndAppleArtwork() {
        let apple = Self.record("a", added: "2024-01-01T00:00:00Z", genres: ["Rock", "Pop"], artwork: "am.jpg")
        var other = Self.record("b", added: "2020-01-01T00:00:00Z", genres: ["Pop", "Indie"], artwork: "sp.jpg")
        other.composer = "C. Writer"
        let merged = TrackMerge.combine(apple, survivorHasApple: true, with: [other])
        #expect(merged.genres == ["Rock", "Pop", "Indie"])
        #expect(
            merged.addedAt == "2020-01-01T00:00:00Z" && merged.artworkURL == "am.jpg" && merged.composer == "C. Writer")
        #expect(merged.trackId == "a")
    }

    @Test func updateNeverReplacesFilledValuesWithEmptyOnes() {
        var track = Self.record("a", added: "2020-01-01T00:00:00Z", genres: ["Jazz"], artwork: "am.jpg")
        track.composer = "Someone"
        track.releaseDate = "2001-01-01"
        let spotify = ServiceTrack(
            serviceTrackID: "s", title: "T", artist: "A", album: "B", artworkURL: "sp.jpg",
            composer: "", releaseDate: nil, addedAt: "2023-01-01T00:00:00Z")
        let updated = TrackMerge.update(
            track, with: spotify, from: .spotify, hasAppleSource: true, now: "2026-02-02T00:00:00Z")
        #expect(updated.genres == ["Jazz"] && updated.composer == "Someone" && updated.releaseDate == "2001-01-01")
        #expect(updated.artworkURL == "am.jpg" && updated.addedAt == "2020-01-01T00:00:00Z")
        let spotifyOnly = TrackMerge.update(
            track, with: spotify, from: .spotify, hasAppleSource: false, now: "2026-02-02T00:00:00Z")
        #expect(spotifyOnly.artworkURL == "sp.jpg")
    }

    /// Songs: a title/artist/album decides the ISRC (or none), so the expected number of canonical
    /// tracks is the number of distinct ISRC keys plus distinct title/artist/album keys without one.
    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func canonicalCountEqualsDistinctKeys(seed: UInt64) async throws {
        var rng = SplitMix64(seed: seed)
        let isrcs = (0..<8).map { "ISRC\($0)" }
        var songs: [(title: String, album: String, isrc: String?)] = []
        for n in 0..<Int(rng.next() % 30 + 5) {
            let hasISRC = rng.next() % 3 != 0
            songs.append(
                (
                    title: "Song \(n)", album: "Album \(rng.next() % 3)",
                    isrc: hasISRC ? isrcs[Int(rng.next() % UInt64(isrcs.count))] : nil
                ))
        }
        func pick(_ service: MusicService) -> [ServiceTrack] {
            songs.enumerated().compactMap { i, song in
                guard rng.next() % 4 != 0 else { return nil }
                let isrc = song.isrc.map { rng.next() % 2 == 0 ? " \($0.lowercased()) " : $0 }
                return ServiceTrack(
                    serviceTrackID: "\(service.rawValue)-\(i)", title: song.title, artist: "Artist", album: song.album,
                    isrc: isrc, addedAt: "2020-01-0\(rng.next() % 9 + 1)T00:00:00Z")
            }
        }
        let apple = pick(.appleMusic)
        let spotify = pick(.spotify)
        let tmp = try TemporaryDirectory(prefix: "music-property")
        let database = try AppDatabase.open(at: tmp.url.appendingPathComponent("library.sqlite"))
        try await database.writer.write { db in
            try MusicTrackStore.apply(
                ServicePlaylist(id: "pl.u-p"), tracks: apple, service: .appleMusic, now: "2026-01-01T00:00:00Z", db)
            try MusicTrackStore.apply(
                ServicePlaylist(id: "sp-p"), tracks: spotify, service: .spotify, now: "2026-01-01T00:00:00Z", db)
            _ = try MusicTrackStore.dedup(db)
        }
        let listed = apple + spotify
        var keys = Set<String>()
        for t in listed {
            keys.insert(
                TrackMerge.isrcKey(t.isrc).map { "isrc:" + $0 } ?? "taa:\(t.title)|\(t.artist)|\(t.album ?? "")")
        }
        let count = try await database.writer.read { try MusicTrackCacheRecord.fetchCount($0) }
        #expect(count == keys.count)
        let sources = try await database.writer.read { try MusicSourceTrackRecord.fetchCount($0) }
        #expect(sources == listed.count)
    }

    /// Two tracks merged by ISRC: a playlist holding both keeps one row, at the earlier position,
    /// and a playlist holding only the merged-away track lists the survivor instead.
    @Test func dedupMovesPlaylistRowsToTheSurvivorAtTheEarlierPosition() async throws {
        let first = ServiceTrack(serviceTrackID: "a", title: "First", artist: "X", isrc: "US1")
        let between = ServiceTrack(serviceTrackID: "b", title: "Between", artist: "X")
        let second = ServiceTrack(serviceTrackID: "c", title: "Second", artist: "X", isrc: " us1 ")
        let tmp = try TemporaryDirectory(prefix: "music-dedup")
        let database = try AppDatabase.open(at: tmp.url.appendingPathComponent("library.sqlite"))
        let now = "2026-01-01T00:00:00Z"
        let rows = try await database.writer.write { db in
            try MusicTrackStore.apply(
                ServicePlaylist(id: "both"), tracks: [first, between, second], service: .appleMusic, now: now, db)
            try MusicTrackStore.apply(ServicePlaylist(id: "one"), tracks: [second], service: .appleMusic, now: now, db)
            #expect(try MusicTrackStore.dedup(db) == 1)
            typealias Columns = PlaylistTrackRecord.Columns
            return try PlaylistTrackRecord.order(Columns.playlistID, Columns.position).fetchAll(db)
        }
        let survivor = try #require(rows.first { $0.playlistID == "one" }?.trackID)
        #expect(rows.map(\.playlistID) == ["both", "both", "one"])
        #expect(rows.filter { $0.playlistID == "both" }.map(\.position) == [0, 1])
        #expect(rows.filter { $0.playlistID == "both" }.first?.trackID == survivor)
    }
}
