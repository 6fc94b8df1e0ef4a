/// Rules on a seed beyond its keys and types: ids unique and well-formed, kinds, tags allowed
/// per kind, names normalized, playlist ids unique.
///
/// ```swift
/// let problems = SeedRules.check(seed, file: "seeds/ab12….json")
/// ```
public enum SeedRules {
    public static func check(_ seed: Seed, file: String) -> [Diagnostic] {
        var r = JSONRules(file: file)
        var seen: [String: String] = [:]
        var playlists: [String: String] = [:]
        var spotifyPlaylists: [String: String] = [:]
        for dim in TagDimension.allCases {
            var names: Set<String> = []
            for (i, entry) in seed.vocabularies.entries(for: dim).enumerated() {
                let p = "$.vocabularies.\(dim.vocabularyKey)[\(i)].name"
                if !names.insert(entry.name).inserted { r.error("'\(entry.name)' is listed twice", p) }
                if TagName.normalize(entry.name) != entry.name || entry.name.isEmpty {
                    r.error("'\(entry.name)' is not a normalized name", p)
                }
            }
        }
        for (i, entry) in seed.music.enumerated() {
            let p = "$.music[\(i)]"
            r.uuid(entry.id, "\(p).id")
            r.unique(entry.id, "\(p).id", seen: &seen)
            if let first = playlists[entry.appleMusicPlaylistId] {
                r.error(
                    "appleMusicPlaylistId '\(entry.appleMusicPlaylistId)' is already used at \(first)",
                    "\(p).appleMusicPlaylistId")
            } else {
                playlists[entry.appleMusicPlaylistId] = p
            }
            if let spotify = entry.spotifyPlaylistId {
                if spotify.isEmpty {
                    r.error("spotifyPlaylistId must not be empty; leave it out instead", "\(p).spotifyPlaylistId")
                }
                if let first = spotifyPlaylists[spotify] {
                    r.error("spotifyPlaylistId '\(spotify)' is already used at \(first)", "\(p).spotifyPlaylistId")
                } else {
                    spotifyPlaylists[spotify] = p
                }
            }
            r.tags(entry.tags, kind: .music, "\(p).tags")
        }
        for (i, pack) in seed.packs.enumerated() {
            let p = "$.packs[\(i)]"
            r.uuid(pack.id, "\(p).id")
            r.unique(pack.id, "\(p).id", seen: &seen)
            if pack.kind == .music { r.error("a pack must be atmosphere or sfx, not music", "\(p).kind") }
            if !Slug.isValid(pack.slug) { r.error("slug '\(pack.slug)' may use only a-z, 0-9 and '-'", "\(p).slug") }
            if pack.version < 1 { r.error("version must be 1 or higher", "\(p).version") }
            r.relativeURL(pack.manifestURL, "\(p).manifestURL")
            for (j, item) in pack.items.enumerated() {
                let q = "\(p).items[\(j)]"
                r.uuid(item.id, "\(q).id")
                r.unique(item.id, "\(q).id", seen: &seen)
                r.tags(item.tags, kind: pack.kind, "\(q).tags")
                TakeRules.check(item, q, &r)
            }
        }
        return r.found
    }
}
