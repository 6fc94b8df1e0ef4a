import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A whole file mapped read-only (and, on Linux, its pages mapped up front in one call), unmapped
/// when the last user lets go.
///
/// ```swift
/// let file = try FileMapping(orderURL)
/// let order = file.order(at: payloadOffset, count: count)   // keeps the mapping alive
/// ```
package final class FileMapping: @unchecked Sendable {
    package let bytes: UnsafeRawBufferPointer

    /// Maps `url`; throws ``FacetIndexError/unreadable(path:errno:)`` when it cannot be opened or
    /// mapped, or is empty.
    package init(_ url: URL) throws {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FacetIndexError.unreadable(path: url.path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else {
            throw FacetIndexError.unreadable(path: url.path, errno: errno)
        }
        let size = Int(info.st_size)
        #if os(Linux)
            let flags = MAP_PRIVATE | MAP_POPULATE
        #else
            let flags = MAP_PRIVATE
        #endif
        guard let address = mmap(nil, size, PROT_READ, flags, fd, 0), address != MAP_FAILED else {
            throw FacetIndexError.unreadable(path: url.path, errno: errno)
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }

    /// An order of `count` numbers at `offset`.
    package func order(at offset: Int, count: Int) -> ItemOrder {
        ItemOrder(mapping: self, offset: offset, count: count)
    }
}
