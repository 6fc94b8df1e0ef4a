import Foundation

/// Why installing, repairing or removing a pack failed. Every case names what failed and where
/// (URL, file or archive entry) and, for integrity failures, the expected and actual values; the
/// description is one sentence of facts. It is what `pack_state.last_error` holds.
///
/// ```swift
/// do { try await manager.startDownload("dungeon-delve") }
/// catch let error as PackInstallError { print(error) }   // "http://…/pack.tar: SHA-256 is … but …"
/// ```
public enum PackInstallError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The server answered with a non-2xx status.
    case httpStatus(url: String, status: Int)
    /// The connection failed (after the retries).
    case unreachable(url: String, reason: String)
    /// No byte arrived for `seconds` (after the retries).
    case timedOut(url: String, seconds: Double, received: Int64, expected: Int64)
    /// The body is longer or shorter than the manifest declares (`actual` in words).
    case sizeMismatch(url: String, expected: Int64, actual: String)
    /// The bytes do not hash to the declared SHA-256.
    case hashMismatch(url: String, expected: String, actual: String)
    /// The manifest disagrees with catalog.json or with the pack (mix-and-match defence).
    case manifestMismatch(url: String, field: String, expected: String, actual: String)
    /// The manifest is unusable (bad id, unsafe name, unknown item, …).
    case invalidManifest(url: String, reason: String)
    /// The pack archive holds something the manifest does not allow (the extractor's sentence).
    case refusedArchive(url: String, reason: String)
    /// The catalog lists a different version than the last sync imported.
    case catalogChanged(packId: String, listed: Int, synced: Int)
    /// catalog.json no longer lists the pack.
    case notInCatalog(packId: String, catalog: String)
    /// Another process holds the pack's install lock.
    case busy(packId: String, pid: Int32)
    /// The install was cancelled; a partial download is kept for resuming.
    case cancelled(packId: String)
    /// A file-system step failed.
    case fileSystem(path: String, reason: String)
    /// The disk holding `path` is full: `needed` bytes more were to be written, `free` are left.
    case diskFull(path: String, needed: Int64, free: Int64)
    /// The pack's `incoming` audio bytes do not fit the audio budget even with every other pack
    /// that may be offloaded gone: `kept` bytes stay installed (packs in use).
    case overBudget(packId: String, incoming: Int64, budget: Int64, kept: Int64)

    public var description: String {
        switch self {
        case .httpStatus(let url, let status):
            return
                "\(url): the server answered HTTP \(status) instead of the file"
        case .unreachable(let url, let reason):
            return "\(url): cannot be downloaded (\(reason)); the part received is kept for resuming"
        case .timedOut(let url, let seconds, let received, let expected):
            return
                "\(url): timed out (no data for \(Self.seconds(seconds)) s, \(received) of \(expected) bytes received); the part received is kept for resuming"
        case .sizeMismatch(let url, let expected, let actual):
            return
                "\(url): size mismatch: the manifest declares \(expected) bytes but the server sent \(actual); the file on the server is not the published one, nothing was installed"
        case .hashMismatch(let url, let expected, let actual):
            return
                "\(url): SHA-256 mismatch: expected \(expected), got \(actual); the file is damaged or not the published one, nothing was installed"
        case .manifestMismatch(let url, let field, let expected, let actual):
            return
                "\(url): \(field) is \(actual) but \(expected) was expected; the manifest does not belong to this catalog or pack as the library knows them"
        case .invalidManifest(let url, let reason):
            return "\(url): \(reason); the manifest is malformed"
        case .refusedArchive(let url, let reason):
            return "\(url): refused: \(reason)"
        case .catalogChanged(let packId, let listed, let synced):
            return
                "pack \(packId): the catalog now lists version \(listed) but the library has version \(synced)"
        case .notInCatalog(let packId, let catalog):
            return "pack \(packId): \(catalog) no longer lists this pack"
        case .busy(let packId, let pid):
            return
                "pack \(packId): another process (pid \(pid)) is installing it right now"
        case .cancelled(let packId):
            return "pack \(packId): the download was cancelled; the part received is kept for resuming"
        case .fileSystem(let path, let reason):
            return "\(path): \(reason)"
        case .diskFull(let path, let needed, let free):
            return "the disk is full at \(path): \(needed) bytes needed, \(free) free"
        case .overBudget(let packId, let incoming, let budget, let kept):
            return
                "pack \(packId) needs \(incoming) bytes of audio and the audio budget is \(budget) bytes"
                + (kept > 0 ? ", \(kept) of them held by packs in use" : "")
                + ": it does not fit even with every other pack offloaded, so nothing was offloaded"
        }
    }

    /// A full disk while writing `path`, which still needed `needed` bytes; nil for any other
    /// failure.
    static func diskFull(_ error: any Error, path: String, needed: Int64) -> PackInstallError? {
        guard DiskSpace.isFull(error) else { return nil }
        return .diskFull(path: path, needed: max(needed, 1), free: DiskSpace.free(at: path) ?? 0)
    }

    /// A file-system step on `path` that failed with `error`: the full-disk sentence (with the free
    /// space of the folder holding `path`) when the disk is full, else "`step` (the system's words)".
    static func fileSystem(path: String, step: String, _ error: any Error) -> PackInstallError {
        let folder = (path as NSString).deletingLastPathComponent
        return diskFull(error, path: folder, needed: (DiskSpace.free(at: folder) ?? 0) + 4096)
            ?? .fileSystem(path: path, reason: "\(step) (\(DiskSpace.reason(error)))")
    }

    /// Whether a partial download is worth keeping for a later resume.
    var keepsPartialDownload: Bool {
        switch self {
        case .sizeMismatch, .hashMismatch, .refusedArchive, .manifestMismatch, .invalidManifest: return false
        default: return true
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))" : String(format: "%.1f", value)
    }
}
