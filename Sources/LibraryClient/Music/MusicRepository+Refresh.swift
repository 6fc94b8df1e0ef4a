import CatalogFormat
import Foundation
import GRDB

extension MusicRepository {
    /// A playlist refreshed successfully less than this many seconds ago is skipped unless named or forced.
    static let freshness: TimeInterval = 300

    /// Refreshes the track cache from the music services: Apple Music first, then Spotify, each
    /// playlist in its own transaction (a failed one changes nothing, the others go on), then
    /// the ISRC dedup. A service with no client in `clients` is reported `not-connected`.
    ///
    /// ```swift
    /// let clients = MusicConnections.clients([MusicServiceAccess(service: .spotify, token: token)])
    /// let result = try await library.music.refresh(MusicRefreshOptions(force: true), clients: clients)
    /// ```
    public func refresh(_ options: MusicRefreshOptions, clients: [any MusicServiceClient]) async throws
        -> MusicRefreshResult
    {
        let entries = try await resolveEntries(options.entries)
        var sources: [MusicRefreshResult.Source] = []
        for service in MusicService.allCases where options.source == nil || options.source == service {
            guard let client = clients.first(where: { $0.service == service }) else {
                sources.append(.init(source: service, status: .notConnected, playlists: 0, tracks: 0, errors: []))
                continue
            }
            let playlists = entries.compactMap {
                service == .appleMusic ? $0.appleMusicPlaylistID : $0.spotifyPlaylistID
            }
            sources.append(try await refresh(playlists, with: client, skipFresh: options.skipsFresh))
        }
        let merged = try await context.database.write { try MusicTrackStore.dedup($0) }
        return MusicRefreshResult(sources: sources, merged: merged)
    }

    /// Refreshes the tracks of one music entry's playlists (both services, stale or not).
    ///
    /// ```swift
    /// try await library.music.refreshPlaylistTrackCache(itemID: entry.id, clients: clients)
    /// ```
    @discardableResult
    public func refreshPlaylistTrackCache(itemID: String, clients: [any MusicServiceClient]) async throws
        -> MusicRefreshResult
    {
        try await refresh(MusicRefreshOptions(entries: [itemID], force: true), clients: clients)
    }

    /// Refreshes the stored metadata (name, description, artwork, owner) of one entry's
    /// playlists without fetching their tracks; returns the messages of the playlists that failed.
    ///
    /// ```swift
    /// let problems = try await library.music.refreshPlaylistMetadata(itemID: entry.id, clients: clients)
    /// ```
    @discardableResult
    public func refreshPlaylistMetadata(itemID: String, clients: [any MusicServiceClient]) async throws -> [String] {
        let entry = try await resolveEntries([itemID])[0]
        var errors: [String] = []
        for client in clients {
            let id = client.service == .appleMusic ? entry.appleMusicPlaylistID : entry.spotifyPlaylistID
            guard let id else { continue }
            do {
                let info = try await client.fetchPlaylist(id: id)
                try await context.database.write { db in
                    var record =
                        try MusicServicePlaylistRecord.fetchOne(
                            db, key: ["service": client.service.rawValue, "playlist_id": id])
                        ?? MusicServicePlaylistRecord(service: client.service, playlistID: id)
                    (record.name, record.description, record.artworkURL) = (
                        info.name, info.description, info.artworkURL
                    )
                    (record.ownerName, record.isPublic, record.trackTotal) = (
                        info.ownerName, info.isPublic, info.trackTotal
                    )
                    try record.save(db)
                }
            } catch {
                errors.append(Self.message(error))
            }
        }
        return errors
    }

    private func refresh(
        _ playlists: [String], with client: any MusicServiceClient,
        skipFresh: Bool
    ) async throws -> MusicRefreshResult.Source {
        let service = client.service
        var result = MusicRefreshResult.Source(source: service, status: .ok, playlists: 0, tracks: 0, errors: [])
        var skipped = 0
        for id in playlists {
            let stored = try await context.database.read { db in
                try MusicServicePlaylistRecord.fetchOne(db, key: ["service": service.rawValue, "playlist_id": id])
            }
            let freshSince = Timestamp.string(from: Date().addingTimeInterval(-Self.freshness))
            if skipFresh, let success = stored?.lastSuccessAt, stored?.lastError == nil, success > freshSince {
                skipped += 1
                continue
            }
            do {
                let info = try await client.fetchPlaylist(id: id)
                let now = Timestamp.now()
                if service == .spotify, let snapshot = info.snapshotID, stored?.lastSuccessAt != nil,
                    stored?.snapshotID == snapshot
                {
                    try await context.database.write {
                        try MusicTrackStore.saveState(info, service: service, now: now, $0)
                    }
                } else {
                    let tracks = try await client.fetchTracks(playlistID: id)
                    result.tracks += try await context.database.write {
                        try MusicTrackStore.apply(info, tracks: tracks, service: service, now: now, $0)
                    }
                }
                result.playlists += 1
            } catch let error as CancellationError {
                throw error
            } catch {
                let message = Self.message(error)
                result.errors.append(message)
                if let error = error as? MusicServiceError { result.failures.append(error) }
                try await context.database.write {
                    try MusicTrackStore.saveFailure(
                        playlistID: id, service: service, message: message, now: Timestamp.now(), $0)
                }
            }
        }
        if !result.errors.isEmpty {
            result.status = .failed
        } else if skipped > 0 && skipped == playlists.count {
            result.status = .skipped
        }
        return result
    }

    static func message(_ error: any Error) -> String {
        if let error = error as? MusicServiceError { return error.description }
        if let error = error as? LibraryClientError { return error.description }
        return "\(error)"
    }

    /// The named entries (id in either case, or exact title), or every visible one.
    func resolveEntries(_ references: [String]) async throws -> [MusicEntry] {
        let all = try await fetchMusicEntries()
        guard !references.isEmpty else { return all }
        return try references.map { reference in
            let id = CanonicalID.parse(reference)
            guard let entry = all.first(where: { $0.id == id }) ?? all.first(where: { $0.title == reference }) else {
                throw LibraryClientError.musicEntryNotFound(reference)
            }
            return entry
        }
    }
}
