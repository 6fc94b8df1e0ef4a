import Foundation
import PackTar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How far an archive extracted while it downloads has got, kept beside its partial download
/// (`<sha256>.part.resume`, and `<sha256>.part.done` listing the entries finished, one a line), so that
/// the archive's bytes behind it can be freed and a later run goes on from there: the tar reader's
/// point, the archive's running SHA-256 and, inside an entry, the bytes of it written and their digest.
///
/// ```swift
/// try ArchiveCheckpoint(...).save(beside: partial)           // then
/// ArchiveCheckpoint.freeSpace(of: partial, before: point.offset)
/// ```
struct ArchiveCheckpoint: Codable, Equatable {
    /// The archive this is a point in.
    var archiveSHA256: String
    var point: TarReader.ResumePoint
    /// The archive's hash state (``ResumableSHA256/saved``: it holds how many bytes it covers, at
    /// least ``point``'s offset).
    var hashState: Data
    /// Bytes of ``TarReader/ResumePoint/entryName`` written to its file, and their SHA-256.
    var entryBytes: Int64
    var entryPrefixSHA256: String?
    /// Lines of the done list that count.
    var doneCount: Int

    static func file(_ partial: URL) -> URL { URL(fileURLWithPath: partial.path + ".resume") }
    static func doneList(_ partial: URL) -> URL { URL(fileURLWithPath: partial.path + ".done") }

    /// Writes the checkpoint (a new file renamed over the old one: always whole).
    func save(beside partial: URL) throws {
        let target = Self.file(partial)
        let temporary = URL(fileURLWithPath: target.path + ".tmp")
        do {
            try JSONEncoder().encode(self).write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else {
                throw CocoaError(
                    .fileWriteUnknown,
                    userInfo: [NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw PackInstallError.diskFull(error, path: target.path, needed: 4096)
                ?? PackInstallError.fileSystem(
                    path: target.path, step: "cannot record the extraction's progress", error)
        }
    }

    /// The checkpoint kept beside `partial` for the archive `sha256`, with the entries done, or nil.
    static func load(beside partial: URL, archiveSHA256 sha256: String) -> (ArchiveCheckpoint, [String])? {
        guard let data = try? Data(contentsOf: file(partial)),
            let checkpoint = try? JSONDecoder().decode(ArchiveCheckpoint.self, from: data),
            checkpoint.archiveSHA256 == sha256.lowercased(),
            let text = try? String(contentsOf: doneList(partial), encoding: .utf8)
        else { return nil }
        let names = text.split(separator: "\n").map(String.init)
        guard names.count >= checkpoint.doneCount else { return nil }
        return (checkpoint, Array(names.prefix(checkpoint.doneCount)))
    }

    /// Removes the checkpoint and its done list.
    static func remove(beside partial: URL) {
        try? FileManager.default.removeItem(at: file(partial))
        try? FileManager.default.removeItem(at: doneList(partial))
    }

    /// Frees the disk blocks of `partial` before `offset` (rounded down to 4 KiB), keeping its
    /// size: the bytes a checkpoint no longer needs. Where the file system cannot, nothing happens.
    static func freeSpace(of partial: URL, before offset: Int64) {
        let length = offset / 4096 * 4096
        guard length > 0 else { return }
        let fd = open(partial.path, O_WRONLY)
        guard fd >= 0 else { return }
        defer { _ = close(fd) }
        #if os(Linux)
            _ = punchHole(fd, 0x02 | 0x01, 0, Int(length))  // FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE
        #elseif canImport(Darwin)
            var hole = fpunchhole_t(fp_flags: 0, reserved: 0, fp_offset: 0, fp_length: off_t(length))
            _ = fcntl(fd, F_PUNCHHOLE, &hole)
        #endif
    }
}

#if os(Linux)
    // Glibc declares fallocate(2) only under _GNU_SOURCE, which Swift's Glibc module leaves out.
    @_silgen_name("fallocate")
    private func punchHole(_ fd: Int32, _ mode: Int32, _ offset: Int, _ length: Int) -> Int32
#endif

/// The list of entries an extraction finished, one name a line, appended as each closes.
final class DoneList {
    private let handle: FileHandle
    private let path: String
    private(set) var count: Int

    /// Opens the list beside `partial`, keeping its first `keeping` lines.
    init(beside partial: URL, keeping names: [String]) throws {
        let path = ArchiveCheckpoint.doneList(partial).path
        let text = names.map { $0 + "\n" }.joined()
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw PackInstallError.fileSystem(path: path, reason: "cannot create the extraction's list") }
        handle.seekToEndOfFile()
        self.handle = handle
        self.path = path
        count = names.count
    }

    deinit { try? handle.close() }

    func append(_ name: String) throws {
        do { try handle.write(contentsOf: Data((name + "\n").utf8)) } catch {
            throw PackInstallError.diskFull(error, path: path, needed: 4096)
                ?? PackInstallError.fileSystem(path: path, step: "cannot write the extraction's list", error)
        }
        count += 1
    }
}
