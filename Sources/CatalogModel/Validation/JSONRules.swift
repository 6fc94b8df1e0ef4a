/// Shared checks on published JSON documents, reported with JSON paths.
struct JSONRules {
    let file: String
    var found: [Diagnostic] = []

    init(file: String) { self.file = file }

    mutating func error(_ message: String, _ path: String) {
        found.append(Diagnostic(.error, message, file: file, path: path))
    }

    mutating func uuid(_ text: String, _ path: String) {
        if CanonicalID.parse(text) == nil { error("'\(text)' is not a UUID", path) }
    }

    mutating func hex(_ text: String, _ path: String) {
        if !SHA256Digest.isHex(text) { error("'\(text)' is not a SHA-256 hex digest (64 hex digits)", path) }
    }

    mutating func reference(_ ref: FileReference, _ path: String) {
        relativeURL(ref.url, "\(path).url")
        hex(ref.sha256, "\(path).sha256")
        if ref.bytes < 0 { error("bytes must not be negative", "\(path).bytes") }
    }

    /// A relative URL that stays inside the catalog, or an absolute http(s) URL.
    mutating func relativeURL(_ url: String, _ path: String) {
        if url.hasPrefix("https://") || url.hasPrefix("http://") { return }
        if url.isEmpty || url.hasPrefix("/") || url.split(separator: "/").contains("..") || url.contains(":") {
            error("'\(url)' must be a relative path inside the catalog or an https:// URL", path)
        }
    }

    mutating func tags(_ tags: TagSet, kind: Kind, _ path: String) {
        for key in TagSet.keys where !tags[key].isEmpty {
            guard kind.dimension(forTagsKey: key) != nil else {
                error("a \(kind.rawValue) item may not have '\(key)' tags", "\(path).\(key)")
                continue
            }
            for (i, name) in tags[key].enumerated() where TagName.normalize(name) != name || name.isEmpty {
                error("tag name '\(name)' is not normalized (NFC, trimmed, single spaces)", "\(path).\(key)[\(i)]")
            }
        }
    }

    /// Reports an id met a second time.
    mutating func unique(_ id: String, _ path: String, seen: inout [String: String]) {
        let key = id.lowercased()
        if let first = seen[key] { error("id \(id) is already used at \(first)", path) } else { seen[key] = path }
    }
}
