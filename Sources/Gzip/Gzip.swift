import Foundation

/// gzip in memory and as a stream.
///
/// ```swift
/// let packed = try Gzip.compress(Data("hello".utf8))
/// let plain = try Gzip.decompress(packed, limit: 1 << 20)
/// ```
public enum Gzip {
    /// `data` as one gzip member, the same bytes on every platform (level 6, time 0, no name).
    public static func compress(_ data: Data, level: Int32 = 6) throws -> Data {
        let stream = try ZStream(.deflate(level: level))
        var out = Data()
        try data.withUnsafeBytes { input in
            try stream.process(input, last: true) { out.append(contentsOf: $0) }
        }
        return out
    }

    /// The bytes of the one gzip member `data` holds; more than `limit` bytes is an error.
    public static func decompress(_ data: Data, limit: Int) throws -> Data {
        var inflater = try GzipInflater(limit: limit)
        var out = Data()
        try data.withUnsafeBytes { try inflater.feed($0) { out.append(contentsOf: $0) } }
        try inflater.finish()
        return out
    }
}

/// A gzip member decompressed as its bytes arrive, in bounded memory.
///
/// ```swift
/// var inflater = try GzipInflater(limit: 1 << 30)
/// for piece in pieces { try piece.withUnsafeBytes { try inflater.feed($0) { write($0) } } }
/// try inflater.finish()
/// ```
public struct GzipInflater {
    private let stream: ZStream
    private let limit: Int
    /// Decompressed bytes handed out so far.
    public private(set) var produced = 0

    public init(limit: Int) throws {
        stream = try ZStream(.inflate)
        self.limit = limit
    }

    /// Decompresses `input`, handing each piece of output to `sink`.
    public mutating func feed(_ input: UnsafeRawBufferPointer, _ sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        var count = produced
        let limit = limit
        try stream.process(input, last: false) { piece in
            count += piece.count
            guard count <= limit else { throw GzipError.tooLarge(limit: limit) }
            try sink(piece)
        }
        produced = count
    }

    /// Ends the input: an error unless the gzip member ended, with its checksum right.
    public func finish() throws {
        guard stream.finished else { throw GzipError.truncated }
    }
}

/// Compresses what is written to it into one gzip member, piece by piece.
///
/// ```swift
/// let writer = try GzipWriter { compressed in file.write(compressed) }
/// try writer.write(Data("line\n".utf8))
/// try writer.finish()
/// ```
public final class GzipWriter {
    private let stream: ZStream
    private let sink: (UnsafeRawBufferPointer) throws -> Void

    public init(level: Int32 = 6, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        stream = try ZStream(.deflate(level: level))
        self.sink = sink
    }

    public func write(_ data: Data) throws {
        try data.withUnsafeBytes { try stream.process($0, last: false, sink) }
    }

    public func finish() throws {
        try stream.process(UnsafeRawBufferPointer(start: nil, count: 0), last: true, sink)
    }
}
