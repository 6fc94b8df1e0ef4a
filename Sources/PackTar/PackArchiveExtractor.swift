import Foundation

/// Reads a pack archive under a manifest-driven policy and streams accepted entries to the caller.
///
/// The archive may hold only regular files whose names are exactly keys of `expected` (flat
/// `<assetId>.<ext>` names), each at most once and each exactly `expected[name]` bytes; every
/// expected name must be present. Anything else (`..`, absolute paths, any `/` in a name,
/// links, directories, unknown or duplicate names, wrong sizes, missing entries, damaged or
/// non-tar data) throws a ``PackArchiveError`` naming the entry, before the caller is given
/// any byte of that entry. Sizes are also counted while reading: the extractor never reads
/// more than one byte past the declared size and throws as soon as that byte arrives.
///
/// When it throws, entries already handed over are not valid: the caller discards its staging
/// folder (`close` is not called for an entry that failed part-way).
///
/// ```swift
/// try PackArchiveExtractor.extract(
///     archiveAt: packPath, expected: ["a1b2.flac": 1_234_567],
///     open: { name in handle = try FileHandle(forWritingTo: staging.appending(path: name)) },
///     chunk: { bytes in hasher.update(bytes); handle.write(Data(bytes)) },
///     close: { name in try handle.close(); digests[name] = hasher.finalize() })
/// ```
public enum PackArchiveExtractor {
    /// The most bytes handed to `chunk` at a time.
    public static let chunkSize = 256 * 1024

    /// Extracts the archive file at `path`; see ``PackArchiveExtractor``.
    ///
    /// - Throws: ``PackArchiveError``, or whatever `open`, `chunk` or `close` throw.
    public static func extract(
        archiveAt path: String, expected: [String: Int64],
        open: (String) throws -> Void,
        chunk: (UnsafeRawBufferPointer) throws -> Void,
        close: (String) throws -> Void
    ) throws {
        try checkManifest(expected, archive: path)
        let reader = try TarReader(path: path)
        defer { reader.close() }
        try extract(from: reader, expected: expected, open: open, chunk: chunk, close: close)
    }

    /// Extracts from an open reader, for example one fed by a download in progress.
    ///
    /// A read resumed from a ``TarReader/ResumePoint`` passes `done` (the entries extracted before
    /// that point, which must not appear again) and `resumed` (the entry the point is inside and
    /// the bytes of it already handed to `chunk`; its data goes on from there without `open`).
    /// `afterChunk` runs after each chunk is handed over (`true`) and after each `close` (`false`),
    /// where a caller may record the reader's point.
    ///
    /// - Throws: ``PackArchiveError``, or whatever `open`, `chunk`, `close` or `afterChunk` throw.
    public static func extract(
        from reader: some PackArchiveEntrySource, expected: [String: Int64],
        done: Set<String> = [], resumed: (name: String, received: Int64)? = nil,
        open: (String) throws -> Void,
        chunk: (UnsafeRawBufferPointer) throws -> Void,
        close: (String) throws -> Void,
        afterChunk: (_ entryOpen: Bool) throws -> Void = { _ in }
    ) throws {
        let archive = reader.archiveName
        try checkManifest(expected, archive: archive)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var seen = done
        func data(of name: String, declared: Int64, from start: Int64) throws {
            var received = start
            while true {
                // Ask for at most one byte past the declared size: enough to notice an overrun.
                let wanted = Int(min(Int64(buffer.count), declared - received + 1))
                let n = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
                if n == 0 { break }
                received += Int64(n)
                guard n <= wanted, received <= declared else {
                    throw refuse(archive, name, "holds more than the \(declared) bytes the manifest declares")
                }
                try chunk(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
                try afterChunk(true)
            }
            guard received == declared else {
                throw refuse(archive, name, "ended after \(received) of the \(declared) bytes the manifest declares")
            }
            try close(name)
            try afterChunk(false)
        }
        if let resumed {
            guard let declared = expected[resumed.name], !seen.contains(resumed.name) else {
                throw refuse(archive, resumed.name, "cannot be resumed: the manifest does not list it once")
            }
            seen.insert(resumed.name)
            try data(of: resumed.name, declared: declared, from: resumed.received)
        }
        while let entry = try reader.nextEntry() {
            let (name, declared) = try accept(entry, expected: expected, seen: seen, archive: archive)
            seen.insert(name)
            try open(name)
            try data(of: name, declared: declared, from: 0)
        }
        let missing = expected.keys.filter { !seen.contains($0) }.sorted()
        if let first = missing.first {
            let others = missing.count > 1 ? " (and \(missing.count - 1) more)" : ""
            throw refuse(archive, first, "is listed in the manifest but missing from the archive\(others)")
        }
    }

    // MARK: - Policy

    private static func checkManifest(_ expected: [String: Int64], archive: String) throws(PackArchiveError) {
        for (name, size) in expected.sorted(by: { $0.key < $1.key }) {
            guard isFlatName(name), size >= 0 else {
                throw PackArchiveError(
                    archive: archive, entry: name,
                    message:
                        "the manifest lists this entry with an unsafe name or a negative size; fix the manifest before extracting"
                )
            }
        }
    }

    /// Returns the entry's name and declared size, or throws if the policy refuses the entry.
    private static func accept(
        _ entry: PackArchiveEntry, expected: [String: Int64], seen: Set<String>,
        archive: String
    ) throws(PackArchiveError) -> (String, Int64) {
        guard let name = entry.name else {
            throw refuse(archive, entry.displayName, "has no name or a name that is not UTF-8")
        }
        guard isFlatName(name) else {
            throw refuse(archive, name, "is not a flat file name (absolute, \"..\", or containing \"/\")")
        }
        switch entry.type {
        case .regular: break
        case .directory: throw refuse(archive, name, "is a directory; packs hold only regular files")
        case .symlink:
            throw refuse(archive, name, "is a symbolic link to \(target(entry)); packs hold only regular files")
        case .hardlink: throw refuse(archive, name, "is a hard link to \(target(entry)); packs hold only regular files")
        case .other:
            throw refuse(archive, name, "is a device, FIFO or other special file; packs hold only regular files")
        }
        guard let declared = expected[name] else {
            throw refuse(archive, name, "is not listed in the manifest")
        }
        guard !seen.contains(name) else {
            throw refuse(archive, name, "appears more than once")
        }
        guard !entry.isSparse else {
            throw refuse(archive, name, "is stored as a sparse file, which packs never use")
        }
        guard entry.size == declared else {
            let stated = entry.size < 0 ? "declares no size" : "declares \(entry.size) bytes"
            throw refuse(archive, name, "\(stated) but the manifest declares \(declared)")
        }
        return (name, declared)
    }

    private static func target(_ entry: PackArchiveEntry) -> String {
        PackArchiveError.quoted(entry.linkTarget ?? "")
    }

    private static func refuse(_ archive: String, _ entry: String, _ problem: String) -> PackArchiveError {
        PackArchiveError(
            archive: archive, entry: entry, message: "the entry \(problem); \(PackArchiveError.discardAdvice)")
    }
}
