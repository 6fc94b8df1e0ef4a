import CFFmpeg
import Foundation

/// Bytes of an audio file that are already on their way somewhere else (a build reads each
/// file once, to hash, copy and archive it), handed to the decoder instead of letting FFmpeg
/// open the file again.
///
/// ```swift
/// let analysis = try SoundAnalyzer.analyze(path: path, authoredLoop: nil, source: feed)
/// ```
package protocol AudioByteSource: AnyObject, Sendable {
    /// The file's size in bytes.
    var size: Int64 { get }
    /// Copies up to `count` bytes from `offset` into `buffer` and returns how many; 0 at the
    /// end of the file, nil when the bytes cannot come (a failed read, a cancelled analysis).
    func read(at offset: Int64, into buffer: UnsafeMutableRawPointer, count: Int) -> Int?
    /// The decoder is done with the bytes (finished, failed or cancelled).
    func close()
}

/// The custom I/O of one ``AudioDecoder``: FFmpeg's read and seek callbacks over an
/// ``AudioByteSource``, and the buffer FFmpeg reads through.
final class ByteSourceIO {
    let source: any AudioByteSource
    private var position: Int64 = 0
    private(set) var context: UnsafeMutablePointer<AVIOContext>?

    static let bufferSize: Int32 = 256 << 10

    init?(_ source: any AudioByteSource) {
        self.source = source
        guard let buffer = av_malloc(Int(Self.bufferSize)) else { return nil }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        context = avio_alloc_context(
            buffer.assumingMemoryBound(to: UInt8.self), Self.bufferSize, 0, opaque,
            { opaque, buffer, size in
                let io = Unmanaged<ByteSourceIO>.fromOpaque(opaque!).takeUnretainedValue()
                return io.read(into: buffer!, count: Int(size))
            }, nil,
            { opaque, offset, whence in
                Unmanaged<ByteSourceIO>.fromOpaque(opaque!).takeUnretainedValue().seek(offset, whence)
            })
        if context == nil {
            av_free(buffer)
            return nil
        }
    }

    deinit {
        if let context { av_free(context.pointee.buffer) }
        avio_context_free(&context)
    }

    private func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int32 {
        guard let n = source.read(at: position, into: buffer, count: count) else { return SHIM_AVERROR_EXIT }
        guard n > 0 else { return SHIM_AVERROR_EOF }
        position += Int64(n)
        return Int32(n)
    }

    private func seek(_ offset: Int64, _ whence: Int32) -> Int64 {
        if whence & SHIM_AVSEEK_SIZE != 0 { return source.size }
        let target: Int64
        switch whence & ~SHIM_AVSEEK_FORCE {
        case SEEK_SET: target = offset
        case SEEK_CUR: target = position + offset
        case SEEK_END: target = source.size + offset
        default: return Int64(SHIM_AVERROR_EIO)
        }
        guard target >= 0 else { return Int64(SHIM_AVERROR_EIO) }
        position = target
        return target
    }
}
