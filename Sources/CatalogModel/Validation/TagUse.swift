/// The tag names of one `tags` field (a pack's or an item's) as the typo guard reads them: each
/// with its dimension, its key path and where it stands in the file.
///
/// ```swift
/// let use = TagUse(item.tags, kind: .sfx, file: pack.file, path: "items[0].tags", locations: pack.locations)
/// guard.check(use)   // the same as guard.check(item.tags, kind: .sfx, …)
/// ```
package struct TagUse: Codable, Sendable, Equatable {
    package struct Name: Codable, Sendable, Equatable {
        var dimension: TagDimension
        var name: String
        /// e.g. `items[2].tags.moods[0]`.
        var path: String
        var at: SourceLocation?
    }

    package var file: String
    var names: [Name]

    package init(_ tags: TagSet, kind: Kind, file: String, path: String, locations: SourceMap) {
        self.file = file
        names = tags.byDimension(for: kind).flatMap { dim, names in
            names.enumerated().map { i, name in
                let p = "\(path.isEmpty ? "" : path + ".")\(dim.tagsKey)[\(i)]"
                return Name(dimension: dim, name: name, path: p, at: locations[p])
            }
        }
    }
}
