import Foundation

/// The fixed set of read buffers a build reads its sources into. A chunk goes back to the pool
/// when its last user lets go of it (the two lanes of ``StreamingPackWriter`` and, while it is
/// analysed, the file's ``SourceFeed``), so the sources are read once and memory stays fixed.
final class ChunkPool: @unchecked Sendable {
    let chunkSize: Int
    private let free: DispatchSemaphore
    private let lock = NSLock()
    private let all: [UnsafeMutableRawBufferPointer]
    private var idle: [UnsafeMutableRawBufferPointer]

    init(chunks: Int, chunkSize: Int) {
        self.chunkSize = chunkSize
        free = DispatchSemaphore(value: chunks)
        all = (0..<chunks).map { _ in UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16) }
        idle = all
    }

    /// Every chunk is back by then: each holds the pool.
    deinit { all.forEach { $0.deallocate() } }

    /// A free chunk for the bytes at `offset` of a file; waits until one is free.
    func take(offset: Int64) -> SourceChunk {
        free.wait()
        return SourceChunk(pool: self, buffer: lock.withLock { idle.removeLast() }, offset: offset)
    }

    fileprivate func give(_ buffer: UnsafeMutableRawBufferPointer) {
        lock.withLock { idle.append(buffer) }
        free.signal()
    }
}

/// One chunk of a source file, shared by reference count.
final class SourceChunk: @unchecked Sendable {
    let buffer: UnsafeMutableRawBufferPointer
    /// Where the chunk starts in its file.
    let offset: Int64
    /// How many bytes were read into it (set once, before it is shared).
    var count = 0
    private let pool: ChunkPool
    private let lock = NSLock()
    private var users = 1

    fileprivate init(pool: ChunkPool, buffer: UnsafeMutableRawBufferPointer, offset: Int64) {
        self.pool = pool
        self.buffer = buffer
        self.offset = offset
    }

    var end: Int64 { offset + Int64(count) }
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: buffer[0..<count]) }

    func retain() { lock.withLock { users += 1 } }

    func release() {
        if lock.withLock({
            users -= 1
            return users == 0
        }) {
            pool.give(buffer)
        }
    }
}
