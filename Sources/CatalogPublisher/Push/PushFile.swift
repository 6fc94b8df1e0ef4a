import BuildState
import CatalogModel
import Foundation

/// One file of a published folder, with the object key and headers it is stored under.
struct PushFile: Sendable {
    enum Phase: Int, Comparable, CaseIterable {
        /// seeds/, index/, shards/, deltas/, versions/, packs/, signatures/, root/: immutable once published.
        case immutable = 0
        /// pages/*.html: a pack's page, rewritten when the pack changes; stored before the top
        /// page that links to it.
        case packPage = 1
        /// index.html.
        case page = 2
        case catalog = 3
        static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }
    }

    var relativePath: String
    /// The published folder's path (one string shared by every file of a scan).
    var folder: String
    var bytes: Int64
    var sha256: String
    var phase: Phase
    /// The file's stat when its SHA-256 was taken, if it had settled (see ``scan(_:known:)``).
    var stat: FileStat? = nil

    var cacheControl: String { phase == .immutable ? "public, max-age=31536000, immutable" : "no-cache" }

    /// The file's path.
    var path: String { folder + "/" + relativePath }
    var url: URL { URL(fileURLWithPath: path) }

    var contentType: String { Self.contentType(forExtension: (relativePath as NSString).pathExtension) }

    static func contentType(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "json": "application/json"
        case "gz": "application/gzip"
        case "html": "text/html; charset=utf-8"
        case "tar": "application/x-tar"
        case "sig": "text/plain; charset=utf-8"
        case "aac": "audio/aac"
        case "m4a", "mp4", "alac": "audio/mp4"
        case "mp3": "audio/mpeg"
        case "ogg", "oga", "opus": "audio/ogg"
        case "flac": "audio/flac"
        case "wav": "audio/wav"
        case "aif", "aiff", "aifc": "audio/aiff"
        default: "application/octet-stream"
        }
    }

    /// The files to push, in push order: everything under seeds/, index/, shards/, deltas/,
    /// versions/, packs/, signatures/ and root/
    /// (sorted), then the pack pages (pages/*.html), then index.html, then catalog.json. Hidden files and anything else are not part
    /// of a published catalog and stay behind. A file whose stat is the one `known` holds for its
    /// path is not read: its SHA-256 is the one known (as git's index trusts a stat).
    static func scan(_ directory: URL, known: [String: (stat: FileStat, sha256: String)] = [:]) throws -> [PushFile] {
        let fm = FileManager.default
        guard fm.fileExists(atPath: directory.appendingPathComponent("catalog.json").path) else {
            throw PushError.notPublished(directory: directory.path)
        }
        var files: [PushFile] = []
        let folderPath = directory.path
        for folder in ["seeds", "index", "shards", "deltas", "versions", "packs", "signatures", "root"] {
            let root = directory.appendingPathComponent(folder)
            guard fm.fileExists(atPath: root.path), let walker = fm.enumerator(atPath: root.path) else { continue }
            // Paths as strings and plain stats: a URL and its resource values a file would cost more
            // than the file's own entry.
            while let name = walker.nextObject() as? String {
                let path = root.path + "/" + name
                guard !name.hasPrefix("."), !name.contains("/."), isRegularFile(path) else { continue }
                let relative = folder + "/" + name
                files.append(
                    try make(path, folder: folderPath, relative: relative, phase: .immutable, known: known[relative]))
            }
        }
        files.sort { $0.relativePath < $1.relativePath }
        // The pack pages (rewritten when their pack changes), then the top page that links to them.
        let pages = directory.appendingPathComponent("pages")
        for name in ((try? fm.contentsOfDirectory(atPath: pages.path)) ?? []).sorted() where name.hasSuffix(".html") {
            files.append(
                try make(
                    pages.appendingPathComponent(name).path, folder: folderPath, relative: "pages/" + name,
                    phase: .packPage,
                    known: known["pages/" + name]))
        }
        let page = directory.appendingPathComponent("index.html")
        if fm.fileExists(atPath: page.path) {
            files.append(
                try make(
                    page.path, folder: folderPath, relative: "index.html", phase: .page, known: known["index.html"]))
        }
        files.append(
            try make(
                directory.appendingPathComponent("catalog.json").path, folder: folderPath,
                relative: "catalog.json", phase: .catalog))
        return files
    }

    private static func make(
        _ path: String, folder: String, relative: String, phase: Phase, known: (stat: FileStat, sha256: String)? = nil
    ) throws -> PushFile {
        let before = FileStat.of(path: path)
        if let before, let known, before.sameContent(as: known.stat) {
            return PushFile(
                relativePath: relative, folder: folder, bytes: before.size, sha256: known.sha256, phase: phase,
                stat: known.stat)
        }
        do {
            let (sha256, bytes) = try SHA256Digest.file(atPath: path)
            // Kept only when no write can hide behind it: unchanged while hashed, and a tick old.
            let settled = before.flatMap { stat in
                FileStat.of(path: path) == stat && stat.size == bytes
                    && FileStat.now() - stat.modified > stat.stampGranularity ? stat : nil
            }
            return PushFile(
                relativePath: relative, folder: folder, bytes: bytes, sha256: sha256, phase: phase, stat: settled)
        } catch {
            throw PushError.unreadable(path: path, message: (error as NSError).localizedDescription)
        }
    }
}

/// Whether `path` is a regular file itself (not a link to one).
private func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
}
