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

    /// The file at `path` with its SHA-256: the one `known` holds when the file's stat is the one
    /// recorded with it (the file is then not read), else read from the file.
    static func make(
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
