import Foundation
import Yams

extension CatalogSource {
    static let keys = ["title", "baseURL", "vocabularies", "music", "packs", "licenses", "loudness", "ucs"]
    static let musicKeys = [
        "id", "title", "subtitle", "appleMusicPlaylistId", "spotifyPlaylistId", "artworkURL", "duration", "tags",
    ]

    /// Reads catalog.yaml, collecting every problem of form. The packs it points to are read
    /// and checked by ``CatalogValidator``.
    public static func load(path: String) -> (CatalogSource?, [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (
                nil, [Diagnostic(.error, "cannot read catalog file; check that it exists and is readable", file: path)]
            )
        }
        return parse(String(decoding: data, as: UTF8.self), file: path)
    }

    public static func parse(_ text: String, file: String) -> (CatalogSource?, [Diagnostic]) {
        var r = YAMLReader(file: file)
        guard let root = r.compose(text), let map = r.mapping(root, path: "", what: "a catalog.yaml") else {
            if r.diagnostics.isEmpty { r.error("the file is empty", at: nil, path: "") }
            return (nil, r.diagnostics)
        }
        r.checkKeys(map, allowed: keys, path: "")
        let title = r.string(map, "title", path: "", required: true)
        let baseURL = r.string(map, "baseURL", path: "", required: false)
        if let baseURL, !(baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://")) {
            r.error("baseURL must be an https:// URL, found '\(baseURL)'", at: map.value("baseURL"), path: "baseURL")
        }
        var vocabularies: [TagDimension: [String]] = [:]
        if let vocabNode = map.value("vocabularies"),
            let vocab = r.mapping(vocabNode, path: "vocabularies", what: "'vocabularies'")
        {
            for (keyNode, value) in vocab {
                guard let key = keyNode.string else { continue }
                let p = "vocabularies.\(key)"
                guard let dim = TagDimension(vocabularyKey: key) else {
                    let known = TagDimension.allCases.map(\.vocabularyKey).joined(separator: ", ")
                    r.error("unknown vocabulary '\(key)'; use \(known)", at: keyNode, path: p)
                    continue
                }
                vocabularies[dim] = r.vocabularyList(value, path: p)
            }
        }
        var music: [MusicSource] = []
        if let musicNode = map.value("music"), musicNode.null == nil {
            r.remember(musicNode, "music")
            if let seq = musicNode.sequence {
                for (i, node) in seq.enumerated() {
                    if let entry = r.music(node, path: "music[\(i)]") { music.append(entry) }
                }
            } else {
                r.error("'music' must be a list of playlist entries", at: musicNode, path: "music")
            }
        }
        let packs = r.string(map, "packs", path: "", required: false) ?? "packs/"
        let loudness = r.loudnessTargets(map)
        let ucsDimension = r.ucsDimension(map)
        guard let title else { return (nil, r.diagnostics) }
        let allowed = r.allowedLicenses(map)
        var catalog = CatalogSource(
            file: file, title: title, baseURL: baseURL, vocabularies: vocabularies,
            music: music, packsFolder: packs, locations: r.locations)
        catalog.allowedLicenses = allowed
        catalog.loudness = loudness ?? .defaults
        catalog.ucsDimension = ucsDimension
        return (catalog, r.diagnostics)
    }
}

extension YAMLReader {
    /// A vocabulary list: names normalized; a repeat, or two names that fold to the same, is an error.
    mutating func vocabularyList(_ node: Node, path: String) -> [String] {
        let names = stringList(node, path: path, what: "a vocabulary").map(TagName.normalize)
        var vocabulary = TagVocabulary()
        var result: [String] = []
        for (i, name) in names.enumerated() {
            switch vocabulary.check(name) {
            case .known:
                error("'\(name)' is listed twice; keep one", at: nil, path: "\(path)[\(i)]")
            case .sameAs(let other):
                error(
                    "'\(name)' is the same name as '\(other)' written differently; keep one", at: nil,
                    path: "\(path)[\(i)]")
            case .near, .new:
                vocabulary.insert(name)
                result.append(name)
            }
        }
        return result
    }

    mutating func music(_ node: Node, path: String) -> MusicSource? {
        guard let map = mapping(node, path: path, what: "a music entry") else { return nil }
        checkKeys(map, allowed: CatalogSource.musicKeys, path: path)
        let id = uuid(map, "id", path: path)
        let title = string(map, "title", path: path, required: true)
        let subtitle = string(map, "subtitle", path: path, required: false)
        let playlist = string(map, "appleMusicPlaylistId", path: path, required: true)
        let spotify = string(map, "spotifyPlaylistId", path: path, required: false)
        let artwork = string(map, "artworkURL", path: path, required: false)
        let duration = double(map, "duration", path: path)
        if let duration, duration < 0 {
            error("duration must not be negative", at: map.value("duration"), path: join(path, "duration"))
        }
        let tags = map.value("tags").map { self.tags($0, path: join(path, "tags"), kind: .music) } ?? TagSet()
        guard let id, let title, let playlist else { return nil }
        return MusicSource(
            id: id, title: title, subtitle: subtitle, appleMusicPlaylistId: playlist,
            spotifyPlaylistId: spotify, artworkURL: artwork, duration: duration, tags: tags, path: path)
    }
}
