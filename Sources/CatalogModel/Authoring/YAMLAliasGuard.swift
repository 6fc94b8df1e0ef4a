// CYaml is the libyaml module inside Yams. It is not a product of Yams, but SwiftPM makes it
// visible to every module that depends on Yams, which is all this file needs.
import CYaml

/// A guard against "billion laughs" YAML: anchors and aliases that expand to a huge tree.
///
/// Yams expands every alias into a full copy of its node, and checks each mapping for
/// duplicate keys by hashing the keys, so a few hundred bytes with a nested alias as a
/// mapping key (`a: &a [x, x]`, `b: &b [*a, *a]`, … `? *z : v`) take time exponential in the
/// nesting. This pass reads libyaml's events (no tree is built) and counts the values the
/// document expands to, so such input is refused before `Yams.compose` sees it.
///
/// ```swift
/// YAMLAliasGuard.check("a: &a [x, x]\nb: [*a, *a]\n")   // nil: fine
/// ```
enum YAMLAliasGuard {
    /// More values than any real pack.yaml or catalog.yaml holds (a 10 000-item pack is ~200 000).
    static let maxValues = 1_000_000

    struct Problem: Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    /// nil when `text` expands to at most `limit` values, or cannot be parsed (Yams then
    /// reports the syntax error); otherwise the problem, located at the value that passes the limit.
    static func check(_ text: String, limit: Int = maxValues) -> Problem? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Problem? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var sizes: [String: Int] = [:]  // expanded size of each anchored value
            var open: [(size: Int, anchor: String?)] = []  // collections being read
            var total = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                let type = event.type
                let mark = event.start_mark
                var done: (size: Int, anchor: String?)?
                switch type {
                case YAML_SCALAR_EVENT:
                    done = (1, anchorName(event.data.scalar.anchor))
                case YAML_ALIAS_EVENT:
                    done = (anchorName(event.data.alias.anchor).flatMap { sizes[$0] } ?? 1, nil)
                case YAML_SEQUENCE_START_EVENT:
                    open.append((1, anchorName(event.data.sequence_start.anchor)))
                case YAML_MAPPING_START_EVENT:
                    open.append((1, anchorName(event.data.mapping_start.anchor)))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    done = open.popLast()
                default:
                    break
                }
                yaml_event_delete(&event)
                if type == YAML_STREAM_END_EVENT { return nil }
                guard let (size, anchor) = done else { continue }
                if let anchor { sizes[anchor] = size }
                let grown: Int
                if open.isEmpty {
                    total = min(total + size, limit + 1)
                    grown = total
                } else {
                    open[open.count - 1].size = min(open[open.count - 1].size + size, limit + 1)
                    grown = open[open.count - 1].size
                }
                if grown > limit {
                    return Problem(
                        message:
                            "YAML anchors and aliases (&name, *name) here expand to more than \(limit) values; write the values out instead of nesting aliases",
                        line: Int(mark.line) + 1, column: Int(mark.column) + 1)
                }
            }
        }
    }

    private static func anchorName(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
