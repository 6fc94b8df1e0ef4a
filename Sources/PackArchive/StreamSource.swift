import Foundation

/// The client data behind ``PackArchiveReader/init(name:readBlock:)``: calls the caller's
/// block source and hands libarchive a pointer to a buffer it owns.
///
/// libarchive may use the returned bytes until it asks for the next block, so each block is
/// copied into `storage`, which stays unchanged until the next call and lives as long as the
/// reader (which frees its archive handle before releasing this object).
final class StreamSource {
    private let readBlock: () throws -> Data?
    private var storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private var error: (any Error)?
    private var finished = false

    init(_ readBlock: @escaping () throws -> Data?) {
        self.readBlock = readBlock
    }

    deinit {
        storage.deallocate()
    }

    /// Serves libarchive's read callback: points `out` at the next block and returns its
    /// size, 0 at the end of the stream, or -1 when the source threw.
    func next(into out: UnsafeMutablePointer<UnsafeRawPointer?>) -> Int {
        out.pointee = nil
        guard !finished else { return error == nil ? 0 : -1 }
        do {
            while let data = try readBlock() {
                // An empty block would read as the end of the stream: ask again instead.
                guard !data.isEmpty else { continue }
                if data.count > storage.count {
                    storage.deallocate()
                    storage = .allocate(byteCount: data.count, alignment: 16)
                }
                data.withUnsafeBytes { storage.copyMemory(from: $0) }
                out.pointee = UnsafeRawPointer(storage.baseAddress)
                return data.count
            }
            finished = true
            return 0
        } catch {
            self.error = error
            finished = true
            return -1
        }
    }

    /// Returns the error the source threw, if any, once.
    func takeError() -> (any Error)? {
        defer { error = nil }
        return error
    }
}
