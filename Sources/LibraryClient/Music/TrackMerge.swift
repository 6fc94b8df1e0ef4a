import Foundation

/// The rules that turn service tracks into canonical tracks, as pure functions over values:
/// the metadata-preserving update, the ISRC key, and the survivor and field rules of a merge.
///
/// ```swift
/// let merged = TrackMerge.update(track, with: spotifyTrack, from: .spotify, hasAppleSource: true)
/// ```
package enum TrackMerge {
    /// An ISRC trimmed and lowercased; nil when empty (an empty ISRC never matches).
    package static func isrcKey(_ isrc: String?) -> String? {
        guard let key = isrc?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased(), !key.isEmpty else {
            return nil
        }
        return key
    }

    /// A new canonical track whose title, artist and album are the source's; `addedAt` is the
    /// service's, else `now` (when it was first cached).
    package static func newTrack(from track: ServiceTrack, trackID: String, now: String) -> MusicTrackCacheRecord {
        MusicTrackCacheRecord(
            trackId: trackID, title: track.title, artist: track.artist, album: track.album,
            duration: track.duration, artworkURL: nonEmpty(track.artworkURL), lastSeenAt: now,
            isrc: nonEmpty(track.isrc), genres: track.genres, composer: nonEmpty(track.composer),
            albumArtist: nonEmpty(track.albumArtist), releaseDate: nonEmpty(track.releaseDate),
            addedAt: track.addedAt ?? now)
    }

    /// `track` updated from a service's view of it: never an empty value over a filled one,
    /// the earliest `addedAt`, Apple Music's artwork whenever the track has an Apple Music source.
    package static func update(
        _ track: MusicTrackCacheRecord, with source: ServiceTrack, from service: MusicService,
        hasAppleSource: Bool, now: String
    ) -> MusicTrackCacheRecord {
        var result = track
        result.lastSeenAt = now
        if !source.genres.isEmpty { result.genres = union(track.genres, source.genres) }
        result.composer = nonEmpty(source.composer) ?? track.composer
        result.albumArtist = nonEmpty(source.albumArtist) ?? track.albumArtist
        result.releaseDate = nonEmpty(source.releaseDate) ?? track.releaseDate
        result.isrc = nonEmpty(track.isrc) ?? nonEmpty(source.isrc)
        if service == .appleMusic || result.duration == nil { result.duration = source.duration ?? track.duration }
        if let artwork = nonEmpty(source.artworkURL),
            service == .appleMusic || !hasAppleSource || track.artworkURL == nil
        {
            result.artworkURL = artwork
        }
        result.addedAt = earliest(track.addedAt, source.addedAt ?? now)
        return result
    }

    /// The track that stays when `tracks` merge: one with an Apple Music source, then the
    /// earliest `addedAt`, then the smallest id.
    package static func survivor(of tracks: [(track: MusicTrackCacheRecord, hasAppleSource: Bool)]) -> Int {
        tracks.indices.min { a, b in
            let x = tracks[a]
            let y = tracks[b]
            if x.hasAppleSource != y.hasAppleSource { return x.hasAppleSource }
            let xa = x.track.addedAt ?? "~"
            let ya = y.track.addedAt ?? "~"
            if xa != ya { return xa < ya }
            return x.track.trackId < y.track.trackId
        }!
    }

    /// The survivor's fields after absorbing `others`: genres in order of first appearance,
    /// filled values kept, the earliest `addedAt`, Apple Music artwork preferred.
    package static func combine(
        _ survivor: MusicTrackCacheRecord, survivorHasApple: Bool,
        with others: [MusicTrackCacheRecord]
    ) -> MusicTrackCacheRecord {
        var result = survivor
        for other in others {
            result.genres = union(result.genres, other.genres)
            result.composer = nonEmpty(result.composer) ?? nonEmpty(other.composer)
            result.albumArtist = nonEmpty(result.albumArtist) ?? nonEmpty(other.albumArtist)
            result.releaseDate = nonEmpty(result.releaseDate) ?? nonEmpty(other.releaseDate)
            result.isrc = nonEmpty(result.isrc) ?? nonEmpty(other.isrc)
            result.duration = result.duration ?? other.duration
            if !survivorHasApple { result.artworkURL = nonEmpty(result.artworkURL) ?? nonEmpty(other.artworkURL) }
            result.addedAt = earliest(result.addedAt, other.addedAt)
            result.lastSeenAt = max(result.lastSeenAt, other.lastSeenAt)
        }
        return result
    }

    /// Groups of track ids sharing an ISRC key (two or more each), in order of first appearance.
    package static func duplicateGroups(_ tracks: [(trackID: String, isrc: String?)]) -> [[String]] {
        var order: [String] = []
        var groups: [String: [String]] = [:]
        for t in tracks {
            guard let key = isrcKey(t.isrc) else { continue }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(t.trackID)
        }
        return order.compactMap { groups[$0]!.count > 1 ? groups[$0] : nil }
    }

    static func union(_ a: [String], _ b: [String]) -> [String] {
        var seen = Set(a)
        var result = a
        for g in b where seen.insert(g).inserted { result.append(g) }
        return result
    }

    static func earliest(_ a: String?, _ b: String?) -> String? {
        switch (a, b) {
        case let (x?, y?): min(x, y)
        default: a ?? b
        }
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return text
    }
}
