import Foundation

/// Reads a partial download file as it grows, for `TarReader.init(name:readBlock:)`:
/// each call returns the next bytes already written (up to 256 KiB, one `pread`), waits when the reader has
/// caught up, and ends when the download finished. Throws ``Restarted`` when the download
/// started over (the extraction must then run again on the complete file) and ``Stopped`` when
/// it failed.
final class GrowingFileReader: @unchecked Sendable {
    struct Restarted: Error {}
    struct Stopped: Error {}

    private static let blockSize = 256 * 1024
    private let handle: FileHandle
    private let path: String
    private var buffer = Data()
    private let signal: DownloadSignal
    private let generation: Int
    private let idleLimit: TimeInterval
    private var offset: Int64 = 0
    /// The archive's SHA-256 of every byte handed out, from ``hashed`` on (a resumed read starts
    /// before the bytes its saved state already covers).
    private(set) var hash: ResumableSHA256
    /// Bytes the hash covers.
    var hashed: Int64 { Int64(hash.count) }
    /// Runs between a wait that found bytes and their read (tests use it to restart there).
    var afterWait: (() throws -> Void)?

    /// Reads from `start`, hashing on from where `hash` stops.
    init(
        path: String, signal: DownloadSignal, idleLimit: TimeInterval, start: Int64 = 0,
        hash: ResumableSHA256 = ResumableSHA256()
    ) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PackInstallError.fileSystem(path: path, reason: "cannot read the download file")
        }
        self.handle = handle
        self.path = path
        self.signal = signal
        self.generation = signal.currentGeneration
        self.idleLimit = idleLimit
        self.offset = start
        self.hash = hash
    }

    deinit { try? handle.close() }

    func next() throws -> Data? {
        switch signal.wait(beyond: offset, generation: generation, timeout: idleLimit) {
        case .restarted: throw Restarted()
        case .failed, .timedOut: throw Stopped()
        case .finished: return try readAvailable(upTo: nil)
        case .available(let written):
            try afterWait?()
            return try readAvailable(upTo: written)
        }
    }

    /// One `pread` into a buffer kept across calls (FileHandle's `read(upToCount:)` allocates a
    /// new buffer each time and reads it 4 KB per system call). The caller copies the block
    /// before asking for the next one, so the buffer is unshared again and reused in place.
    private func readAvailable(upTo limit: Int64?) throws -> Data? {
        let count = limit.map { Int(min(Int64(Self.blockSize), $0 - offset)) } ?? Self.blockSize
        guard count > 0 else { return nil }
        if buffer.count < Self.blockSize { buffer = Data(count: Self.blockSize) }
        let fd = handle.fileDescriptor
        let at = offset
        let n = buffer.withUnsafeMutableBytes { raw -> Int in
            while true {
                let r = pread(fd, raw.baseAddress, count, off_t(at))
                if r >= 0 || errno != EINTR { return r }
            }
        }
        guard n >= 0 else {
            throw PackInstallError.fileSystem(
                path: path, reason: "cannot read the download file (\(String(cString: strerror(errno))))")
        }
        // The download may have restarted between the wait and the read: the file then holds
        // fewer bytes, or bytes of the new body. The generation moves before the file shrinks.
        if signal.currentGeneration != generation { throw Restarted() }
        guard n > 0 else { return nil }
        let unhashed = Int(max(0, at + Int64(n) - hashed))
        if unhashed > 0 {
            buffer.withUnsafeBytes { hash.update(UnsafeRawBufferPointer(rebasing: $0[(n - unhashed)..<n])) }
        }
        offset += Int64(n)
        return n == buffer.count ? buffer : buffer.prefix(n)
    }
}
