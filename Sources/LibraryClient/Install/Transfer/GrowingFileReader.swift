import Foundation

/// Reads a partial download file as it grows, for ``PackArchiveReader/init(name:readBlock:)``:
/// each call returns the next bytes already written (up to 1 MiB), waits when the reader has
/// caught up, and ends when the download finished. Throws ``Restarted`` when the download
/// started over (the extraction must then run again on the complete file) and ``Stopped`` when
/// it failed.
final class GrowingFileReader: @unchecked Sendable {
    struct Restarted: Error {}
    struct Stopped: Error {}

    private let handle: FileHandle
    private let signal: DownloadSignal
    private let generation: Int
    private let idleLimit: TimeInterval
    private var offset: Int64 = 0

    init(path: String, signal: DownloadSignal, idleLimit: TimeInterval) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PackInstallError.fileSystem(path: path, reason: "cannot read the download file")
        }
        self.handle = handle
        self.signal = signal
        self.generation = signal.currentGeneration
        self.idleLimit = idleLimit
    }

    deinit { try? handle.close() }

    func next() throws -> Data? {
        switch signal.wait(beyond: offset, generation: generation, timeout: idleLimit) {
        case .restarted: throw Restarted()
        case .failed, .timedOut: throw Stopped()
        case .finished: return try readAvailable(upTo: nil)
        case .available(let written): return try readAvailable(upTo: written)
        }
    }

    private func readAvailable(upTo limit: Int64?) throws -> Data? {
        try handle.seek(toOffset: UInt64(offset))
        let count = limit.map { Int(min(Int64(1 << 20), $0 - offset)) } ?? (1 << 20)
        guard count > 0, let data = try handle.read(upToCount: count), !data.isEmpty else { return nil }
        offset += Int64(data.count)
        return data
    }
}
