#if canImport(Glibc)
    import Glibc
    private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { Glibc.open(path, flags) }
    private let systemClose = Glibc.close
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { Darwin.open(path, flags) }
    private let systemClose = Darwin.close
    private let systemRead = Darwin.read
#endif

/// The bytes of a file that ``SeedStreamReader`` currently holds: a buffer that slides forward
/// (``discard(upTo:)``), grows only when asked (``reserve(_:)``) and is refilled with `read(2)`.
struct SeedStreamWindow {
    private var storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private var descriptor: Int32 = -1
    private var path = ""
    /// Bytes held.
    private(set) var count = 0
    /// True once the file's last byte is in the window.
    private(set) var atEnd = false

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[0..<count]) }

    mutating func open(_ path: String) throws {
        self.path = path
        descriptor = systemOpen(path, O_RDONLY)
        guard descriptor >= 0 else { throw SeedStreamError.unreadable(path: path, errno: errno) }
    }

    mutating func close() {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
        storage.deallocate()
        storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        count = 0
    }

    /// Drops the bytes before `start`; what follows moves to the front.
    mutating func discard(upTo start: Int) {
        guard start > 0, let base = storage.baseAddress else { return }
        let kept = count - start
        if kept > 0 { memmove(base, base + start, kept) }
        count = kept
    }

    /// Grows the buffer to hold at least `capacity` bytes.
    mutating func reserve(_ capacity: Int) {
        guard capacity > storage.count else { return }
        let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        if count > 0, let old = storage.baseAddress { bigger.baseAddress!.copyMemory(from: old, byteCount: count) }
        storage.deallocate()
        storage = bigger
    }

    /// Reads until the buffer is full or the file ends.
    mutating func fill() throws {
        guard let base = storage.baseAddress else { return }
        while count < storage.count && !atEnd {
            let got = systemRead(descriptor, base + count, storage.count - count)
            if got < 0 {
                if errno == EINTR { continue }
                throw SeedStreamError.unreadable(path: path, errno: errno)
            }
            if got == 0 { atEnd = true } else { count += got }
        }
    }
}
