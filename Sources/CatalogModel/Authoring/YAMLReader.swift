import Foundation
import Yams

/// Reads fields out of a composed YAML tree, collecting a located ``Diagnostic`` for every
/// missing or ill-typed field instead of stopping at the first, and remembering where each
/// field stood so later rules can point at it.
struct YAMLReader {
    let file: String
    var diagnostics: [Diagnostic] = []
    var locations = SourceMap()

    init(file: String) { self.file = file }

    /// Parses `text`; a syntax error, or aliases that expand to a huge tree (``YAMLAliasGuard``),
    /// becomes a diagnostic and the result is nil.
    mutating func compose(_ text: String) -> Node? {
        if let problem = YAMLAliasGuard.check(text) {
            diagnostics.append(
                Diagnostic(.error, problem.message, file: file, line: problem.line, column: problem.column))
            return nil
        }
        do {
            // Every scalar is read as text and converted by the reader (`int`, `double`, `bool`;
            // `null` needs no resolver), so no scalar's type is resolved by Yams' patterns — which
            // took a tenth of reading a large pack.yaml.
            return try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            diagnostics.append(Self.diagnostic(for: error, file: file))
        } catch {
            diagnostics.append(Diagnostic(.error, "cannot be read as YAML: \(error)", file: file))
        }
        return nil
    }

    static func diagnostic(for error: YamlError, file: String) -> Diagnostic {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return Diagnostic(.error, "YAML syntax error: \(problem)", file: file, line: mark.line, column: mark.column)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return Diagnostic(
                .error, "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")); keep one",
                file: file, line: context.mark.line, column: context.mark.column)
        default:
            return Diagnostic(.error, "YAML syntax error: \(error)", file: file)
        }
    }

    mutating func error(_ message: String, at node: Node?, path: String) {
        add(.error, message, at: node, path: path)
    }

    mutating func warning(_ message: String, at node: Node?, path: String) {
        add(.warning, message, at: node, path: path)
    }

    mutating func add(_ severity: Diagnostic.Severity, _ message: String, at node: Node?, path: String) {
        let at = node?.mark.map { SourceLocation(line: $0.line, column: $0.column) } ?? locations[path]
        diagnostics.append(Diagnostic(severity, message, file: file, line: at?.line, column: at?.column, path: path))
    }

    /// Notes where `node` stands so rules checked later can point at `path`.
    mutating func remember(_ node: Node?, _ path: String) {
        if let mark = node?.mark { locations[path] = SourceLocation(line: mark.line, column: mark.column) }
    }

    func join(_ base: String, _ key: String) -> String { base.isEmpty ? key : "\(base).\(key)" }

    mutating func mapping(_ node: Node?, path: String, what: String) -> Node.Mapping? {
        guard let node else { return nil }
        guard let map = node.mapping else {
            error("\(what) must be a mapping of keys to values", at: node, path: path)
            return nil
        }
        remember(node, path)
        return map
    }

    /// Warns about keys this format does not know (a typo, or a newer file).
    mutating func checkKeys(_ map: Node.Mapping, allowed: [String], path: String) {
        for (key, _) in map {
            guard let name = key.string, !allowed.contains(name) else { continue }
            let near = allowed.first { TagName.editDistance($0, name) <= 2 }
            let hint = near.map { "; did you mean '\($0)'?" } ?? "; known keys: \(allowed.joined(separator: ", "))"
            warning("unknown key '\(name)'\(hint)", at: key, path: join(path, name))
        }
    }

    mutating func string(_ map: Node.Mapping, _ key: String, path: String, required: Bool) -> String? {
        let p = join(path, key)
        guard let node = map.value(key), node.null == nil else {
            if required {
                let at = locations[path]
                diagnostics.append(
                    Diagnostic(
                        .error, "missing required key '\(key)'", file: file,
                        line: map.value(key)?.mark?.line ?? at?.line,
                        column: map.value(key)?.mark?.column ?? at?.column, path: p))
            }
            return nil
        }
        remember(node, p)
        guard let scalar = node.scalar else {
            error("'\(key)' must be a single value, not a list or mapping", at: node, path: p)
            return nil
        }
        let text = scalar.string.trimmingCharacters(in: .whitespacesAndNewlines)
        if required && text.isEmpty {
            error("'\(key)' must not be empty", at: node, path: p)
            return nil
        }
        return text
    }

    mutating func int(_ map: Node.Mapping, _ key: String, path: String, required: Bool) -> Int? {
        guard let text = string(map, key, path: path, required: required) else { return nil }
        guard let value = Int(text) else {
            error("'\(key)' must be a whole number, found '\(text)'", at: map.value(key), path: join(path, key))
            return nil
        }
        return value
    }

    mutating func double(_ map: Node.Mapping, _ key: String, path: String) -> Double? {
        guard let text = string(map, key, path: path, required: false) else { return nil }
        guard let value = Double(text), value.isFinite else {
            error("'\(key)' must be a number, found '\(text)'", at: map.value(key), path: join(path, key))
            return nil
        }
        return value
    }

    mutating func bool(_ map: Node.Mapping, _ key: String, path: String) -> Bool? {
        guard let text = string(map, key, path: path, required: false) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            error("'\(key)' must be true or false, found '\(text)'", at: map.value(key), path: join(path, key))
            return nil
        }
    }

    /// A list of strings; a single scalar is accepted as a one-element list.
    mutating func stringList(_ node: Node, path: String, what: String) -> [String] {
        remember(node, path)
        if let scalar = node.scalar { return scalar.string.isEmpty ? [] : [scalar.string] }
        guard let seq = node.sequence else {
            error("\(what) must be a list of names", at: node, path: path)
            return []
        }
        var result: [String] = []
        for (i, element) in seq.enumerated() {
            let p = "\(path)[\(i)]"
            remember(element, p)
            guard let scalar = element.scalar, !scalar.string.isEmpty else {
                error("\(what) must hold names, found an empty value or a nested list", at: element, path: p)
                continue
            }
            result.append(scalar.string)
        }
        return result
    }
}
