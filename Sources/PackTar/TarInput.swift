import Foundation

/// The bytes under a ``TarReader``: blocks of any size from a caller's source, handed out as
/// exact slices. A failure of the source is kept so the reader can name it as the cause.
final class TarInput {
    private let readBlock: () throws -> Data?
    private var block = Data()
    private var position = 0
    private(set) var finished = false
    private(set) var sourceError: (any Error)?
    /// Bytes consumed so far, for messages.
    private(set) var offset: Int64 = 0

    /// `offset`: where in the archive the source's first byte is (a resumed read).
    init(_ readBlock: @escaping () throws -> Data?, offset: Int64 = 0) {
        self.readBlock = readBlock
        self.offset = offset
    }

    /// Whether another byte is available, pulling a block when needed.
    func hasMore() throws(TarInputFailure) -> Bool {
        if position < block.count { return true }
        guard !finished else { return false }
        do {
            while let next = try readBlock() {
                guard !next.isEmpty else { continue }
                block = next
                position = 0
                return true
            }
            finished = true
            return false
        } catch {
            sourceError = error
            finished = true
            throw TarInputFailure.source
        }
    }

    /// Exactly `count` bytes, or `nil` when the stream ends first (a truncated archive).
    func read(exactly count: Int) throws(TarInputFailure) -> [UInt8]? {
        var result = [UInt8]()
        result.reserveCapacity(count)
        while result.count < count {
            guard try hasMore() else { return nil }
            let n = min(count - result.count, block.count - position)
            let start = block.startIndex + position
            result.append(contentsOf: block[start..<start + n])
            position += n
            offset += Int64(n)
        }
        return result
    }

    /// Copies up to `buffer.count` bytes; 0 only at the end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(TarInputFailure) -> Int {
        guard buffer.count > 0, try hasMore() else { return 0 }
        let n = min(buffer.count, block.count - position)
        block.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position..<position + n]))
        }
        position += n
        offset += Int64(n)
        return n
    }

    /// Skips `count` bytes; false when the stream ends first.
    func skip(_ count: Int64) throws(TarInputFailure) -> Bool {
        var left = count
        while left > 0 {
            guard try hasMore() else { return false }
            let n = Int(min(left, Int64(block.count - position)))
            position += n
            offset += Int64(n)
            left -= Int64(n)
        }
        return true
    }
}

/// The byte source threw; ``TarInput/sourceError`` holds what it threw.
enum TarInputFailure: Error { case source }
