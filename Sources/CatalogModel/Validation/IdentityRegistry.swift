/// Remembers every id, slug and playlist id met while checking a catalog (or one pack), and
/// reports a second use naming both places, each as file:line:column.
package struct IdentityRegistry {
    /// A registry whose ids go to `ledger` (slugs and playlist ids, one a pack or music entry,
    /// stay in memory).
    package init(ledger: any IdentityLedger = MemoryIdentityLedger()) {
        self.ids = ledger
    }

    private let ids: any IdentityLedger
    private var slugs: [String: String] = [:]
    private var playlists: [String: String] = [:]
    private var spotifyPlaylists: [String: String] = [:]

    /// Claims `id` for `owner`; reports it and returns false when something else has it.
    @discardableResult
    mutating func claim(
        _ id: String, as owner: String, file: String, path: String,
        at: SourceLocation?, into report: inout DiagnosticReport
    ) -> Bool {
        guard let first = ids.claim(id, at: IdentityPlace(owner: owner, file: file, at: at)) else { return true }
        report.append(
            Diagnostic(
                .error,
                "id \(id) of \(owner) is already used by \(first.owner) at \(first.location); "
                    + "an id names one thing in a catalog: give one of them a fresh UUID",
                file: file, line: at?.line, column: at?.column, path: path))
        return false
    }

    /// Claims the id, the Apple Music playlist id and the Spotify playlist id of every music
    /// entry of catalog.yaml.
    mutating func claimMusic(of catalog: CatalogSource, into report: inout DiagnosticReport) {
        for entry in catalog.music {
            claim(
                entry.id, as: "music entry '\(entry.title)'", file: catalog.file, path: "\(entry.path).id",
                at: catalog.locations["\(entry.path).id"], into: &report)
            claimPlaylist(
                entry.appleMusicPlaylistId, by: entry.title, file: catalog.file,
                path: "\(entry.path).appleMusicPlaylistId",
                at: catalog.locations["\(entry.path).appleMusicPlaylistId"], into: &report)
            if let spotify = entry.spotifyPlaylistId {
                claimPlaylist(
                    spotify, by: entry.title, key: "spotifyPlaylistId", file: catalog.file,
                    path: "\(entry.path).spotifyPlaylistId",
                    at: catalog.locations["\(entry.path).spotifyPlaylistId"], into: &report)
            }
        }
    }

    mutating func claimPlaylist(
        _ playlist: String, by title: String, key: String = "appleMusicPlaylistId",
        file: String, path: String, at: SourceLocation?, into report: inout DiagnosticReport
    ) {
        let isSpotify = key == "spotifyPlaylistId"
        if let first = isSpotify ? spotifyPlaylists[playlist] : playlists[playlist] {
            report.append(
                Diagnostic(
                    .error, "\(key) '\(playlist)' is already used by '\(first)'; each entry needs its own playlist",
                    file: file, line: at?.line, column: at?.column, path: path))
        } else if isSpotify {
            spotifyPlaylists[playlist] = title
        } else {
            playlists[playlist] = title
        }
    }

    /// Claims the pack's id and slug, then each item's id and asset id (written, or derived
    /// from the pack and item ids).
    mutating func claimPack(_ pack: PackSource, into report: inout DiagnosticReport) {
        var tags = TagGuard()
        PackCheck(file: pack.file, steps: PackCheck.claims(of: pack), inputs: [])
            .replay(tags: &tags, ids: &self, into: &report)
    }

    /// Claims a pack's id and slug.
    mutating func claimPack(_ pack: PackCheck.PackClaim, file: String, into report: inout DiagnosticReport) {
        claim(pack.id, as: "pack '\(pack.slug)'", file: file, path: "id", at: pack.idAt, into: &report)
        if let first = slugs[pack.slug] {
            let at = pack.slugAt
            report.append(
                Diagnostic(
                    .error, "slug '\(pack.slug)' is already used by \(first); slugs are unique in a catalog",
                    file: file, line: at?.line, column: at?.column, path: "slug"))
        } else {
            slugs[pack.slug] = file
        }
    }

    /// Claims an item's id and its asset ids (written, or derived from the pack and item ids).
    mutating func claimItem(_ item: PackCheck.ItemClaim, file: String, into report: inout DiagnosticReport) {
        let itemIsNew = claim(
            item.id, as: "item '\(item.title)'", file: file, path: "\(item.path).id", at: item.at, into: &report)
        // A repeated item id also repeats the asset id derived from it: report it once.
        guard itemIsNew || !item.derived else { return }
        let owner =
            item.derived
            ? "the asset of item '\(item.title)' (derived from its id)" : "the asset of item '\(item.title)'"
        claim(
            item.assetId, as: owner, file: file, path: "\(item.path).assetId",
            at: item.derived ? item.at : item.assetAt, into: &report)
        for take in item.takes {
            claim(
                take.assetId, as: "the asset of take \(take.take) of item '\(item.title)' (derived from its id)",
                file: file, path: "\(item.path).files[\(take.take)]", at: item.at, into: &report)
        }
    }
}

extension IdentityRegistry {
    /// Where each id the file claims (a pack.yaml, or catalog.yaml's music entries) first stands in
    /// it, made again from the file as a catalog check makes its claims.
    static func places(inFile file: String) -> [String: IdentityPlace] {
        let ledger = MemoryIdentityLedger()
        var registry = IdentityRegistry(ledger: ledger)
        var report = DiagnosticReport()
        if let pack = PackSource.load(path: file).0 {
            registry.claimPack(pack, into: &report)
        } else if let catalog = CatalogSource.load(path: file).0 {
            registry.claimMusic(of: catalog, into: &report)
        }
        return ledger.places
    }
}
