/// One problem found in an input file, located as precisely as the format allows:
/// line and column for YAML, a JSON path (`$.packs[2].manifest.sha256`) for JSON.
///
/// ```swift
/// let d = Diagnostic(.error, "unknown kind 'music-box'; use atmosphere or sfx",
///                    file: "packs/x/pack.yaml", line: 3, column: 7, path: "kind")
/// d.description   // "packs/x/pack.yaml:3:7: error: unknown kind 'music-box'; use atmosphere or sfx"
/// ```
public struct Diagnostic: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable { case error, warning }

    public var severity: Severity
    public var message: String
    public var file: String
    public var line: Int?
    public var column: Int?
    /// The field: a YAML key path (`items[2].tags.moods[0]`) or a JSON path (`$.assets[0].sha256`).
    public var path: String?

    public init(
        _ severity: Severity, _ message: String, file: String,
        line: Int? = nil, column: Int? = nil, path: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.path = path
    }

    /// Compiler-style: `file:line:column: error: message`, with the JSON path when there is no line.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        let field = (line == nil && path != nil) ? " (at \(path!))" : ""
        return "\(location): \(severity.rawValue): \(message)\(field)"
    }

    enum CodingKeys: String, CodingKey { case file, line, column, path, message }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        severity = .error
        file = try c.decode(String.self, forKey: .file)
        line = try c.decodeIfPresent(Int.self, forKey: .line)
        column = try c.decodeIfPresent(Int.self, forKey: .column)
        path = try c.decodeIfPresent(String.self, forKey: .path)
        message = try c.decode(String.self, forKey: .message)
    }

    /// `{"file","line","column","path","message"}` with explicit nulls, as `packer validate --json` prints.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(path, forKey: .path)
        try c.encode(message, forKey: .message)
    }
}

/// Every problem found in one run, errors and warnings together (XcodeGen-style: collect, then report).
public struct DiagnosticReport: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic] = []) { self.diagnostics = diagnostics }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public mutating func append(_ d: Diagnostic) { diagnostics.append(d) }
    public mutating func append(contentsOf other: [Diagnostic]) { diagnostics.append(contentsOf: other) }

    /// With `strict`, warnings count as errors.
    public func promotingWarnings(_ strict: Bool) -> DiagnosticReport {
        guard strict else { return self }
        return DiagnosticReport(
            diagnostics.map {
                var d = $0
                d.severity = .error
                return d
            })
    }

    /// One line per problem, then a summary line.
    public var description: String {
        var lines = diagnostics.map(\.description)
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    public var summary: String {
        let e = errors.count
        let w = warnings.count
        return "\(e) error\(e == 1 ? "" : "s"), \(w) warning\(w == 1 ? "" : "s")"
    }
}
