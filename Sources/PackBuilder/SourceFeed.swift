import AudioAnalysis
import Foundation

/// One source file's bytes as the build reads them, handed to its decoder (an
/// ``AudioByteSource``), so decoding, hashing and archiving share one read of the file.
///
/// The writer delivers each chunk it reads; the feed keeps a chunk until the decoder has read
/// past the next one (FFmpeg may seek back a little, to a header), then lets go of it. A
/// decoder that lags holds chunks the pool cannot lend again, so the writer waits for it: the
/// read-ahead is bounded by the pool, never by the file. A seek ahead of the stream into the
/// file's last MiB (an Ogg file's last page for its length, an MP4 index at the end, ID3v1
/// and APE tags) is an excursion the decoder comes back from: nothing is let go meanwhile, and
/// what the stream has not reached yet is read from the file. So is anything before what the
/// feed still holds. Such reads are counted in `reread`.
final class SourceFeed: AudioByteSource, @unchecked Sendable {
    let path: String
    let size: Int64
    private let condition = NSCondition()
    private let chunkSize: Int64
    private var chunks: [SourceChunk] = []
    private var delivered: Int64 = 0
    private var finished = false
    private var failed = false
    private var closed = false
    private var cancelled = false
    /// Where a read that continues the last one starts; where the stream is (the end of the
    /// last read outside an excursion); whether the decoder is looking at the file's end.
    private var next: Int64 = 0
    private var cursor: Int64 = 0
    private var excursion = false
    private var descriptor: Int32 = -1
    private var rereadBytes: Int64 = 0
    private var waitedNanoseconds: UInt64 = 0

    /// Seeks ahead of the stream into this much of the file's end are read from the file.
    static let tail: Int64 = 1 << 20

    init(path: String, size: Int64, chunkSize: Int) {
        self.path = path
        self.size = size
        self.chunkSize = Int64(chunkSize)
    }

    deinit { if descriptor >= 0 { Foundation.close(descriptor) } }

    /// Bytes the decoder had to read from the file itself.
    var reread: Int64 { condition.withLock { rereadBytes } }
    /// Seconds the decoder waited for the writer to read the bytes it wanted.
    var waited: Double { condition.withLock { Double(waitedNanoseconds) / 1e9 } }

    /// The writer has read `chunk` (the next bytes of the file).
    func deliver(_ chunk: SourceChunk) {
        condition.withLock {
            guard !closed else { return }
            chunk.retain()
            chunks.append(chunk)
            delivered = chunk.end
            condition.broadcast()
        }
    }

    /// The writer is done with the file: all of it was delivered, or (`failed`) it never will be.
    func finish(failed: Bool = false) {
        condition.withLock {
            finished = true
            self.failed = failed
            condition.broadcast()
        }
    }

    /// The analysis is no longer wanted (the cache answered, the build failed): reads fail.
    func cancel() {
        condition.withLock {
            cancelled = true
            condition.broadcast()
        }
    }

    func close() {
        let held = condition.withLock {
            closed = true
            defer { chunks = [] }
            return chunks
        }
        held.forEach { $0.release() }
    }

    func read(at offset: Int64, into buffer: UnsafeMutableRawPointer, count: Int) -> Int? {
        guard offset < size else { return 0 }
        condition.lock()
        if offset != next {
            // A seek: ahead of the stream into the file's end is a look at its index or tags,
            // from which the decoder comes back; anywhere else, the stream goes on from there.
            excursion = offset > cursor && offset >= size - Self.tail
        }
        while true {
            if cancelled || closed {
                condition.unlock()
                return nil
            }
            if let chunk = chunks.first(where: { $0.offset <= offset && offset < $0.end }) {
                let n = min(count, Int(chunk.end - offset))
                buffer.copyMemory(from: chunk.bytes.baseAddress! + Int(offset - chunk.offset), byteCount: n)
                next = offset + Int64(n)
                if !excursion { cursor = next }
                let done = excursion ? [] : letGo(before: offset)
                condition.unlock()
                done.forEach { $0.release() }
                return n
            }
            if excursion || offset < chunks.first?.offset ?? delivered {
                condition.unlock()
                return readFromFile(at: offset, into: buffer, count: count)
            }
            if failed || finished {
                condition.unlock()
                return failed ? nil : 0
            }
            let done = letGo(before: offset)
            if done.isEmpty {
                let start = DispatchTime.now().uptimeNanoseconds
                condition.wait()
                waitedNanoseconds += DispatchTime.now().uptimeNanoseconds - start
            } else {
                condition.unlock()
                done.forEach { $0.release() }
                condition.lock()
            }
        }
    }

    /// Drops the chunks that end more than one chunk before `offset` (under the lock; the
    /// caller releases them once it has let go of the lock).
    private func letGo(before offset: Int64) -> [SourceChunk] {
        let keep = chunks.firstIndex { $0.end + chunkSize > offset } ?? chunks.count
        defer { chunks.removeFirst(keep) }
        return Array(chunks.prefix(keep))
    }

    private func readFromFile(at offset: Int64, into buffer: UnsafeMutableRawPointer, count: Int) -> Int? {
        if descriptor < 0 { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        var n: Int
        repeat { n = pread(descriptor, buffer, count, off_t(offset)) } while n < 0 && errno == EINTR
        guard n >= 0 else { return nil }
        condition.withLock {
            rereadBytes += Int64(n)
            next = offset + Int64(n)
            if !excursion { cursor = next }
        }
        return n
    }
}
