import Foundation

/// The files to push, one at a time, in push order: everything under deltas/, index/, packs/,
/// root/, seeds/, shards/, signatures/ and versions/ (each folder's entries sorted by name, depth
/// first), then the pack pages (pages/*.html), then index.html, then catalog.json. Hidden files
/// and anything else are not part of a published catalog and stay behind. It holds the names of
/// the folders it is in, never the whole tree.
struct PushWalker: IteratorProtocol {
    struct Found {
        var relativePath: String
        var path: String
        var phase: PushFile.Phase
    }

    private let root: String
    /// The folders being walked: each one's path below the root, its sorted names, the next one.
    private var stack: [(relative: String, names: [String], next: Int)] = []
    private var pending: [Found] = []

    init(_ directory: URL) throws {
        root = directory.path
        guard fileType(root + "/catalog.json") == S_IFREG else {
            throw PushError.notPublished(directory: directory.path)
        }
        // The files after the immutable ones, taken from the end.
        let pages = Self.names(root + "/pages").filter { $0.hasSuffix(".html") }
            .filter { fileType(root + "/pages/" + $0) == S_IFREG }
        pending = pages.map { Found(relativePath: "pages/" + $0, path: root + "/pages/" + $0, phase: .packPage) }
        if fileType(root + "/index.html") == S_IFREG {
            pending.append(Found(relativePath: "index.html", path: root + "/index.html", phase: .page))
        }
        pending.append(Found(relativePath: "catalog.json", path: root + "/catalog.json", phase: .catalog))
        pending.reverse()
        let folders = ["deltas", "index", "packs", "root", "seeds", "shards", "signatures", "versions"]
        stack = [("", folders.filter { fileType(root + "/" + $0) == S_IFDIR }, 0)]
    }

    mutating func next() -> Found? {
        while var top = stack.popLast() {
            guard top.next < top.names.count else { continue }
            let name = top.names[top.next]
            top.next += 1
            stack.append(top)
            let relative = top.relative.isEmpty ? name : top.relative + "/" + name
            let path = root + "/" + relative
            switch fileType(path) {
            case S_IFREG where !top.relative.isEmpty:
                return Found(relativePath: relative, path: path, phase: .immutable)
            case S_IFDIR: stack.append((relative, Self.names(path), 0))
            default: continue
            }
        }
        return pending.popLast()
    }

    /// The folder's visible names, sorted.
    private static func names(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
}

/// The type bits of `path` itself (a link is not followed); 0 when it cannot be read.
private func fileType(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
}
