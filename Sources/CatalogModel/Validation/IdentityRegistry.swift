/// Remembers every id, slug and playlist id met while checking a catalog, and reports a
/// second use with both places named.
struct IdentityRegistry {
    private var ids: [String: (owner: String, file: String)] = [:]
    private var slugs: [String: String] = [:]
    private var playlists: [String: String] = [:]
    private var spotifyPlaylists: [String: String] = [:]

    mutating func claim(_ id: String, as owner: String, file: String, path: String,
                        at: SourceLocation?, into report: inout DiagnosticReport) {
        if let first = ids[id] {
            let whereFirst = first.file == file ? first.owner : "\(first.owner) in \(first.file)"
            report.append(Diagnostic(.error, "id \(id) of \(owner) is already used by \(whereFirst); give it a fresh UUID",
                                     file: file, line: at?.line, column: at?.column, path: path))
        } else {
            ids[id] = (owner, file)
        }
    }

    mutating func claimPlaylist(_ playlist: String, by title: String, key: String = "appleMusicPlaylistId",
                                file: String, path: String, at: SourceLocation?, into report: inout DiagnosticReport) {
        let isSpotify = key == "spotifyPlaylistId"
        if let first = isSpotify ? spotifyPlaylists[playlist] : playlists[playlist] {
            report.append(Diagnostic(.error, "\(key) '\(playlist)' is already used by '\(first)'; each entry needs its own playlist",
                                     file: file, line: at?.line, column: at?.column, path: path))
        } else if isSpotify {
            spotifyPlaylists[playlist] = title
        } else {
            playlists[playlist] = title
        }
    }

    mutating func claimPack(_ pack: PackSource, into report: inout DiagnosticReport) {
        claim(pack.id, as: "pack '\(pack.slug)'", file: pack.file, path: "id", at: pack.locations["id"], into: &report)
        if let first = slugs[pack.slug] {
            let at = pack.locations["slug"]
            report.append(Diagnostic(.error, "slug '\(pack.slug)' is already used by \(first); slugs are unique in a catalog",
                                     file: pack.file, line: at?.line, column: at?.column, path: "slug"))
        } else {
            slugs[pack.slug] = pack.file
        }
        for (i, item) in pack.items.enumerated() {
            claim(item.id, as: "item '\(item.title)'", file: pack.file, path: "items[\(i)].id",
                  at: pack.locations["items[\(i)].id"], into: &report)
            claim(item.assetId, as: "the asset of item '\(item.title)'", file: pack.file, path: "items[\(i)].assetId",
                  at: pack.locations["items[\(i)].assetId"] ?? pack.locations["items[\(i)].id"], into: &report)
        }
    }
}
