import Foundation

/// Writes an index file as it is encoded, through a 1 MiB buffer (see ``FacetOutput``): a
/// million-item index (about 40 MB) never sits in memory as bytes. A section's checksum is
/// computed as its bytes pass; its byte count and checksum are written at its start when it ends.
/// The file appears at its URL only when ``finish()`` renames it into place.
///
/// ```swift
/// var writer = try FacetFileWriter(replacing: url)
/// try writer.appendSection { $0.appendArray(meta) }
/// try writer.finish()
/// ```
package struct FacetFileWriter: FacetOutput {
    private let handle: FileHandle
    private let temporary: URL
    private let destination: URL
    private var buffer: [UInt8] = []
    package private(set) var count = 0
    private var section: (header: Int, checksum: FacetChecksum.Running)?
    private var failure: Error?

    package static let bufferSize = 1 << 20

    /// Writes into a new temporary file beside `url`.
    package init(replacing url: URL) throws {
        destination = url
        temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        handle = try FileHandle(forWritingTo: temporary)
        buffer.reserveCapacity(Self.bufferSize)
    }

    package mutating func write(_ raw: UnsafeRawBufferPointer) {
        section?.checksum.update(raw)
        count += raw.count
        var rest = raw
        while !rest.isEmpty {
            let taken = min(Self.bufferSize - buffer.count, rest.count)
            buffer.append(contentsOf: rest.prefix(taken))
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(taken))
            if buffer.count == Self.bufferSize { flush() }
        }
    }

    package mutating func beginSection() {
        let header = count
        append(UInt64(0))
        append(UInt64(0))
        section = (header, FacetChecksum.Running())
    }

    package mutating func endSection() throws {
        guard let (header, checksum) = section else { return }
        section = nil
        flush()
        var fields = [UInt8]()
        withUnsafeBytes(of: UInt64(count - header - 16).littleEndian) { fields.append(contentsOf: $0) }
        withUnsafeBytes(of: checksum.value.littleEndian) { fields.append(contentsOf: $0) }
        Self.attempt(&failure) { [handle] in
            try handle.seek(toOffset: UInt64(header))
            try handle.write(contentsOf: fields)
            try handle.seekToEnd()
        }
        if let failure { throw failure }
    }

    /// Flushes, closes and renames the file into place.
    package mutating func finish() throws {
        flush()
        Self.attempt(&failure) { [handle] in try handle.close() }
        if let failure {
            try? FileManager.default.removeItem(at: temporary)
            throw failure
        }
        if rename(temporary.path, destination.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path, "errno": code])
        }
    }

    /// Removes the unfinished file (any error on the way).
    package func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(at: temporary)
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        if failure == nil {
            do { try handle.write(contentsOf: buffer) } catch { failure = error }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Keeps the first error; ``finish()`` or ``endSection()`` throws it.
    private static func attempt(_ failure: inout Error?, _ body: () throws -> Void) {
        guard failure == nil else { return }
        do { try body() } catch { failure = error }
    }
}
