import CatalogFormat
import Foundation

/// Adds the id of the object a JSON path points into to a diagnostic, so a decoding error
/// reads "… (item 9b3c…)" and the user can find the entry without counting array indexes.
///
/// ```swift
/// JSONLocator.withID(diag, in: data)   // path "$.packs[1].items[3].kind" → message names items[3]'s id
/// ```
enum JSONLocator {
    static func withID(_ diagnostic: Diagnostic, in data: Data) -> Diagnostic {
        guard let path = diagnostic.path, let id = id(at: path, in: data) else { return diagnostic }
        var result = diagnostic
        result.message += " (in the entry with id \(id))"
        return result
    }

    /// The `id` of the innermost object on `path` that has one.
    static func id(at path: String, in data: Data) -> String? {
        guard var node = try? JSONSerialization.jsonObject(with: data) else { return nil }
        var found: String?
        for step in steps(path) {
            if let dict = node as? [String: Any] {
                if let id = dict["id"] as? String { found = id }
                guard case .key(let key) = step, let next = dict[key] else { break }
                node = next
            } else if let array = node as? [Any] {
                guard case .index(let i) = step, array.indices.contains(i) else { break }
                node = array[i]
            } else {
                break
            }
        }
        if let dict = node as? [String: Any], let id = dict["id"] as? String { found = id }
        return found
    }

    enum Step { case key(String), index(Int) }

    static func steps(_ path: String) -> [Step] {
        var result: [Step] = []
        var current = ""
        var inIndex = false
        func flush() {
            if !current.isEmpty {
                result.append(inIndex ? (Int(current).map(Step.index) ?? .key(current)) : .key(current))
            }
            current = ""
        }
        for char in path.dropFirst(path.hasPrefix("$") ? 1 : 0) {
            switch char {
            case ".":
                flush()
                inIndex = false
            case "[":
                flush()
                inIndex = true
            case "]":
                flush()
                inIndex = false
            default: current.append(char)
            }
        }
        flush()
        return result
    }
}
