/// The typo guard over every dimension at once: a new name equal to a known one
/// after case and punctuation folding is an error with a "did you mean" hint; one within edit
/// distance 2 is a warning; any other new name is accepted and joins its vocabulary, so later
/// uses of it are known.
///
/// ```swift
/// var guard = TagGuard(initial: [.location: ["Forest"]])
/// guard.check(TagSet(locations: ["forest"]), kind: .sfx, file: "pack.yaml", path: "tags", locations: map)
/// // → error: location 'forest' looks like 'Forest' …; did you mean 'Forest'?
/// ```
public struct TagGuard: Sendable {
    public private(set) var vocabularies: [TagDimension: TagVocabulary] = [:]

    public init(initial: [TagDimension: [String]] = [:]) {
        for dim in TagDimension.allCases { vocabularies[dim] = TagVocabulary(initial[dim] ?? []) }
    }

    /// The names per dimension: the initial lists in order, then new names in first-seen order.
    public var names: [TagDimension: [String]] { vocabularies.mapValues(\.names) }

    /// Checks every name of `tags` (an item of `kind`), adding accepted new names.
    public mutating func check(
        _ tags: TagSet, kind: Kind, file: String, path: String,
        locations: SourceMap
    ) -> [Diagnostic] {
        check(TagUse(tags, kind: kind, file: file, path: path, locations: locations))
    }

    /// Checks every name of `use` in order, adding accepted new names.
    package mutating func check(_ use: TagUse) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for entry in use.names {
            let (dim, name, p, at) = (entry.dimension, entry.name, entry.path, entry.at)
            switch vocabularies[dim, default: TagVocabulary()].check(name) {
            case .known:
                continue
            case .sameAs(let known):
                found.append(
                    Diagnostic(
                        .error,
                        "\(dim.displayName) '\(name)' is the known '\(known)' written differently; did you mean '\(known)'?",
                        file: use.file, line: at?.line, column: at?.column, path: p))
            case .near(let known):
                found.append(
                    Diagnostic(
                        .warning,
                        "new \(dim.displayName) '\(name)' is close to the known '\(known)'; did you mean '\(known)'? (keep it to add a new value)",
                        file: use.file, line: at?.line, column: at?.column, path: p))
                vocabularies[dim, default: TagVocabulary()].insert(name)
            case .new:
                vocabularies[dim, default: TagVocabulary()].insert(name)
            }
        }
        return found
    }
}
