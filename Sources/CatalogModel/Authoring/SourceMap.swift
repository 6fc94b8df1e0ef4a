/// A line and column (1-based) in a YAML file.
public struct SourceLocation: Sendable, Equatable, Hashable, Codable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// Where each field of an authoring file stood, keyed by its path (`items[2].tags.moods[0]`).
///
/// ```swift
/// pack.locations["items[0].file"]   // SourceLocation(line: 14, column: 11)
/// ```
public struct SourceMap: Sendable, Equatable {
    private var entries: [String: SourceLocation] = [:]

    public init() {}

    public subscript(path: String) -> SourceLocation? {
        get { entries[path] ?? parent(of: path).flatMap { self[$0] } }
        set { entries[path] = newValue }
    }

    private func parent(of path: String) -> String? {
        if path.hasSuffix("]"), let open = path.lastIndex(of: "[") { return String(path[..<open]) }
        guard let dot = path.lastIndex(of: ".") else { return path.isEmpty ? nil : "" }
        return String(path[..<dot])
    }
}
