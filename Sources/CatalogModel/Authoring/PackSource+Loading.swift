import Foundation
import Yams

extension PackSource {
    static let keys = [
        "id", "slug", "kind", "title", "description", "version", "artwork", "tags", "items", "license", "credits",
        "source",
    ]
    static let itemKeys = [
        "id", "assetId", "title", "subtitle", "file", "loopable", "tags",
        "codec", "sampleRate", "channels", "duration", "files", "playback", "license", "credits", "source", "loop",
        "ucs",
    ]

    /// Reads a pack.yaml, collecting every problem of form (syntax, types, ids, slug, kind,
    /// tag dimensions). Cross-file rules (typo guard, files on disk, uniqueness across a
    /// catalog) are checked by ``PackValidator`` and ``CatalogValidator``.
    public static func load(path: String) -> (PackSource?, [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (
                nil, [Diagnostic(.error, "cannot read pack file; check that it exists and is readable", file: path)]
            )
        }
        return parse(String(decoding: data, as: UTF8.self), file: path)
    }

    /// Parses pack.yaml text; `file` is used for messages and to resolve item files.
    public static func parse(_ text: String, file: String) -> (PackSource?, [Diagnostic]) {
        var r = YAMLReader(file: file)
        guard let root = r.compose(text) else {
            if r.diagnostics.isEmpty { r.error("the file is empty; start from `packer init`", at: nil, path: "") }
            return (nil, r.diagnostics)
        }
        guard let map = r.mapping(root, path: "", what: "a pack.yaml") else { return (nil, r.diagnostics) }
        r.checkKeys(map, allowed: keys, path: "")
        let id = r.uuid(map, "id", path: "")
        let slug = r.string(map, "slug", path: "", required: true)
        if let slug, !Slug.isValid(slug) {
            r.error(
                "slug '\(slug)' may use only a-z, 0-9 and '-'; try '\(Slug.make(from: slug))'", at: map.value("slug"),
                path: "slug")
        }
        let kind = r.kind(map, path: "", allowMusic: false)
        let title = r.string(map, "title", path: "", required: true)
        let description = r.string(map, "description", path: "", required: false)
        let version = r.int(map, "version", path: "", required: true)
        if let version, version < 1 {
            r.error("version must be 1 or higher, found \(version)", at: map.value("version"), path: "version")
        }
        let artwork = r.string(map, "artwork", path: "", required: false)
        let tags = map.value("tags").map { r.tags($0, path: "tags", kind: kind) } ?? TagSet()
        let attribution = r.attribution(map, path: "")

        var items: [ItemSource] = []
        if let itemsNode = map.value("items") {
            r.remember(itemsNode, "items")
            if let seq = itemsNode.sequence {
                for (i, node) in seq.enumerated() {
                    guard var item = r.item(node, path: "items[\(i)]", packId: id, kind: kind) else { continue }
                    item.sourceIndex = i
                    items.append(item)
                }
                if seq.isEmpty {
                    r.warning("the pack has no items yet; add some with `packer add`", at: itemsNode, path: "items")
                }
            } else if itemsNode.null == nil {
                r.error("'items' must be a list", at: itemsNode, path: "items")
            }
        } else {
            r.error("missing required key 'items'; add audio with `packer add`", at: root, path: "items")
        }
        guard let id, let slug, let kind, let title, let version else { return (nil, r.diagnostics) }
        var pack = PackSource(
            file: file, id: id, slug: slug, kind: kind, title: title, description: description,
            version: version, artwork: artwork, tags: tags, items: items, locations: r.locations)
        pack.attribution = attribution
        return (pack, r.diagnostics)
    }
}

extension YAMLReader {
    mutating func uuid(_ map: Node.Mapping, _ key: String, path: String, required: Bool = true) -> String? {
        guard let text = string(map, key, path: path, required: required) else { return nil }
        guard let id = CanonicalID.parse(text) else {
            error(
                "'\(key)' must be a UUID like 3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10, found '\(text)'; `packer add` writes fresh ones",
                at: map.value(key), path: join(path, key))
            return nil
        }
        return id
    }

    mutating func kind(_ map: Node.Mapping, path: String, allowMusic: Bool) -> Kind? {
        guard let text = string(map, "kind", path: path, required: true) else { return nil }
        let allowed = allowMusic ? Kind.allCases : [.atmosphere, .sfx]
        guard let kind = Kind(rawValue: text.lowercased()), allowed.contains(kind) else {
            error(
                "unknown kind '\(text)'; use \(allowed.map(\.rawValue).joined(separator: " or "))",
                at: map.value("kind"), path: join(path, "kind"))
            return nil
        }
        return kind
    }

    /// A `tags` mapping; keys the kind may not use are errors. Names are normalized.
    mutating func tags(_ node: Node, path: String, kind: Kind?) -> TagSet {
        guard let map = mapping(node, path: path, what: "'tags'") else { return TagSet() }
        var result = TagSet()
        for (keyNode, value) in map {
            guard let key = keyNode.string else { continue }
            let p = join(path, key)
            guard TagSet.keys.contains(key) else {
                error(
                    "unknown tag dimension '\(key)'; use \(TagSet.keys.joined(separator: ", "))", at: keyNode, path: p)
                continue
            }
            if let kind, kind.dimension(forTagsKey: key) == nil {
                let allowed = kind.dimensions.map(\.tagsKey).joined(separator: ", ")
                error(
                    "a \(kind.rawValue) item may not have '\(key)' tags; \(kind.rawValue) uses \(allowed)", at: keyNode,
                    path: p)
                continue
            }
            let names = stringList(value, path: p, what: "'\(key)'").map(TagName.normalize)
            var seen = Set<String>()
            result[key] = names.filter { seen.insert($0).inserted }
        }
        return result
    }

    mutating func item(_ node: Node, path: String, packId: String?, kind: Kind?) -> ItemSource? {
        guard let map = mapping(node, path: path, what: "an item") else { return nil }
        checkKeys(map, allowed: PackSource.itemKeys, path: path)
        let id = uuid(map, "id", path: path)
        let assetId = uuid(map, "assetId", path: path, required: false)
        let title = string(map, "title", path: path, required: true)
        let subtitle = string(map, "subtitle", path: path, required: false)
        let files = recordingFiles(map, path: path)
        let loopable = bool(map, "loopable", path: path) ?? false
        let tags = map.value("tags").map { self.tags($0, path: join(path, "tags"), kind: kind) } ?? TagSet()
        let declared = DeclaredAudio(
            codec: string(map, "codec", path: path, required: false),
            sampleRate: int(map, "sampleRate", path: path, required: false),
            channels: int(map, "channels", path: path, required: false),
            duration: double(map, "duration", path: path))
        let playback = self.playback(map, path: path, takes: files?.count ?? 1)
        let loop = self.loop(map, path: path)
        guard let id, let title, let files, let file = files.first else { return nil }
        let takes = TakeSource.derive(files: files, packId: packId ?? id, itemId: id, firstAssetId: assetId)
        var item = ItemSource(
            id: id, assetId: takes[0].assetId, title: title, subtitle: subtitle, file: file,
            loopable: loopable, tags: tags, declared: declared, takes: takes, playback: playback, loop: loop)
        item.attribution = attribution(map, path: path)
        item.ucs = string(map, "ucs", path: path, required: false)
        return item
    }
}
