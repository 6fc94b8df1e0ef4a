import CFileFlags
import CatalogModel
import Foundation
import POSIXWrite

/// Writes files on a background queue, in aligned 4 MiB blocks that go around the page cache
/// where the file system allows it (`O_DIRECT` on Linux, `F_NOCACHE` on Apple systems).
///
/// A build never reads its output back, yet through the page cache every one of its pages
/// must first be allocated; on virtual machines that costs more than the write itself (1 GiB:
/// 1.9–3.0 s of system time buffered, 0.7–0.9 s direct; docs/PERFORMANCE.md). The caller only
/// copies into a staging block, so its hashing goes on while the disk writes.
///
/// ```swift
/// let writer = WriteBehind(label: "assets")
/// let file = try writer.create(path, exclusive: true)
/// try writer.append(bytes, to: file)
/// writer.close(file)
/// try writer.finish()   // waits for every write and close; throws the first failure
/// ```
///
/// One caller thread at a time: `create`, `append` and `close` are not thread-safe. At most
/// `blocks` files may be open at once (each may hold a staging block until it is closed).
final class WriteBehind: @unchecked Sendable {
    static let blockSize = 4 << 20
    /// Direct writes start and end on this boundary (the largest logical block size in use).
    static let alignment = 4096

    private let queue: DispatchQueue
    private let bypassCache: Bool
    private let freeBlocks: DispatchSemaphore
    private let lock = NSLock()
    private let blocks: [UnsafeMutableRawBufferPointer]
    private var pool: [UnsafeMutableRawBufferPointer]
    private var failure: (any Error)?
    private var openFiles = 0  // caller side

    /// - Parameter bypassCache: `false` writes through the page cache like a plain `write(2)`
    ///   (``BuildSettings/bypassesPageCache``).
    init(label: String, blocks: Int = 2, bypassCache: Bool = true) {
        queue = DispatchQueue(label: "soundshelf.write-behind.\(label)")
        self.bypassCache = bypassCache
        freeBlocks = DispatchSemaphore(value: blocks)
        self.blocks = (0..<blocks).map { _ in
            UnsafeMutableRawBufferPointer.allocate(byteCount: Self.blockSize, alignment: Self.alignment)
        }
        pool = self.blocks
    }

    /// Every queued task holds `self`, so this runs only once the queue is idle. A block a
    /// file still held when its build failed is freed here too.
    deinit {
        blocks.forEach { $0.deallocate() }
    }

    /// Creates `path` (failing if it exists when `exclusive`, else truncating it).
    func create(_ path: String, exclusive: Bool) throws -> WriteBehindFile {
        try throwIfFailed()
        precondition(openFiles < blocks.count, "WriteBehind: more open files than staging blocks would wait forever")
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL : O_TRUNC), 0o644)
        guard fd >= 0 else { throw POSIXFailure(operation: "create", path: path) }
        let file = WriteBehindFile(fd: fd, path: path)
        if bypassCache { file.enterDirect() }
        openFiles += 1
        return file
    }

    /// Copies `bytes` into the file's staging block; full blocks are queued for writing.
    /// Throws an earlier write's failure, if any.
    func append(_ bytes: UnsafeRawBufferPointer, to file: WriteBehindFile) throws {
        try throwIfFailed()
        var offset = 0
        while offset < bytes.count {
            let block = file.block ?? takeBlock()
            file.block = block
            let n = min(bytes.count - offset, Self.blockSize - file.filled)
            (block.baseAddress! + file.filled).copyMemory(from: bytes.baseAddress! + offset, byteCount: n)
            file.filled += n
            offset += n
            if file.filled == Self.blockSize { submit(file, closing: false) }
        }
    }

    /// Queues the rest of the file and its close; `finish()` reports how they went.
    func close(_ file: WriteBehindFile) {
        openFiles -= 1
        submit(file, closing: true)
    }

    /// Waits until every queued write and close has run; throws the first failure.
    func finish() throws {
        drain()
        try throwIfFailed()
    }

    /// Waits until every queued write and close has run (after a failure elsewhere, say).
    func drain() {
        queue.sync {}
    }

    private func submit(_ file: WriteBehindFile, closing: Bool) {
        nonisolated(unsafe) let block = file.block  // handed over: the caller no longer touches it
        let count = file.filled
        file.block = nil
        file.filled = 0
        queue.async { [self] in
            if !hasFailed {
                do {
                    if let block, count > 0 {
                        try file.write(UnsafeRawBufferPointer(rebasing: block[0..<count]), last: closing)
                    }
                    if closing { try file.close() }
                } catch {
                    record(error)
                }
            }
            if let block { giveBack(block) }
        }
    }

    private func takeBlock() -> UnsafeMutableRawBufferPointer {
        freeBlocks.wait()
        return lock.withLock { pool.removeLast() }
    }

    private func giveBack(_ block: UnsafeMutableRawBufferPointer) {
        lock.withLock { pool.append(block) }
        freeBlocks.signal()
    }

    private var hasFailed: Bool { lock.withLock { failure != nil } }

    private func record(_ error: any Error) {
        lock.withLock { if failure == nil { failure = error } }
    }

    private func throwIfFailed() throws {
        if let failure = lock.withLock({ failure }) { throw failure }
    }
}

/// One file of a ``WriteBehind``: the caller fills `block`; the queue writes and closes.
final class WriteBehindFile: @unchecked Sendable {
    let path: String
    private let fd: Int32
    private var isOpen = true
    private(set) var direct = false
    fileprivate var block: UnsafeMutableRawBufferPointer?
    fileprivate var filled = 0

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    /// A file abandoned after a failure is closed once the last queued task lets go of it.
    deinit {
        if isOpen { Foundation.close(fd) }
    }

    /// Asks the system to keep this file's writes out of the page cache; false if it won't.
    func enterDirect() {
        #if os(Linux)
            let flags = fcntl(fd, F_GETFL)
            let odirect = soundshelf_o_direct()
            direct = odirect != 0 && flags >= 0 && fcntl(fd, F_SETFL, flags | odirect) == 0
        #elseif canImport(Darwin)
            _ = fcntl(fd, F_NOCACHE, 1)  // no alignment rules on Apple systems: nothing to track
        #endif
    }

    /// Back to the page cache for the rest of the file; false if the system would not.
    @discardableResult
    private func leaveDirect() -> Bool {
        #if os(Linux)
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags & ~soundshelf_o_direct()) == 0 else { return false }
        #endif
        direct = false
        return true
    }

    /// Writes all of `bytes`: full blocks directly; the `last` (partial) block of a file, and
    /// anything the file system refuses to take directly, through the page cache. So a small
    /// file never waits for the disk, and a large one only leaves its last few MiB in the cache.
    func write(_ bytes: UnsafeRawBufferPointer, last: Bool) throws {
        if last && direct { leaveDirect() }
        do throws(WriteAllFailure) {
            try POSIXWrite.writeAll(
                fd, bytes, path: path,
                chunk: { rest in
                    if direct && rest < WriteBehind.alignment { leaveDirect() }
                    return direct ? rest & ~(WriteBehind.alignment - 1) : rest
                },
                retry: { _ in
                    // Whatever a direct write fails with (EINVAL for alignment the file system wants
                    // otherwise, EOPNOTSUPP, ...), the same bytes get one more try through the page
                    // cache, which reports the real error (ENOSPC, EIO) if there is one.
                    direct && leaveDirect()
                })
        } catch {
            throw POSIXFailure(operation: "write", path: path, code: error.code)
        }
    }

    func close() throws {
        isOpen = false
        guard Foundation.close(fd) == 0 else { throw POSIXFailure(operation: "close", path: path) }
    }
}
