/// The known names of one dimension, with the typo guard.
///
/// ```swift
/// var moods = TagVocabulary(["Ominous", "Cozy"])
/// moods.check("ominous")   // .sameAs("Ominous")  → an error with a "did you mean" hint
/// moods.check("Cosy")      // .near("Cozy")       → a warning
/// moods.check("Eerie")     // .new               → accepted and added
/// ```
public struct TagVocabulary: Sendable {
    /// Names in sort order (initial list first, new values appended as they are accepted).
    public private(set) var names: [String] = []
    private var exact: Set<String> = []
    private var folded: [String: String] = [:]

    public init(_ names: [String] = []) {
        for name in names { insert(name) }
    }

    /// What a name is, compared with the names already known.
    public enum Verdict: Equatable, Sendable {
        case known
        /// Equal to a known name after case and punctuation folding: an error.
        case sameAs(String)
        /// Within edit distance 2 of a known name: a warning.
        case near(String)
        case new
    }

    public func contains(_ name: String) -> Bool { exact.contains(TagName.normalize(name)) }

    public func check(_ raw: String) -> Verdict {
        let name = TagName.normalize(raw)
        if exact.contains(name) { return .known }
        if let match = folded[TagName.foldingKey(name)] { return .sameAs(match) }
        if let near = names.first(where: { TagName.editDistance($0, name) <= 2 }) { return .near(near) }
        return .new
    }

    /// Adds a name (normalized) if it is not there yet; returns whether it was added.
    @discardableResult
    public mutating func insert(_ raw: String) -> Bool {
        let name = TagName.normalize(raw)
        guard exact.insert(name).inserted else { return false }
        names.append(name)
        let key = TagName.foldingKey(name)
        if folded[key] == nil { folded[key] = name }
        return true
    }
}
