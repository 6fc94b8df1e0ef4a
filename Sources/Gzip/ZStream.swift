import CZlib
import Foundation

/// The one Swift type calling zlib: a deflate or inflate stream in gzip framing, fed in pieces.
/// Compression writes a fixed header (no name, time 0, operating system "unknown"), so the same
/// bytes give the same gzip file on every platform.
final class ZStream {
    enum Mode { case deflate(level: Int32), inflate }

    // zlib keeps pointers to both for the stream's life: they live at fixed addresses.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let header = UnsafeMutablePointer<gz_header>.allocate(capacity: 1)
    private let mode: Mode
    private var output = [UInt8](repeating: 0, count: 256 * 1024)
    private(set) var finished = false

    init(_ mode: Mode) throws(GzipError) {
        self.mode = mode
        stream.initialize(to: z_stream())
        header.initialize(to: gz_header())
        let size = Int32(MemoryLayout<z_stream>.size)
        let status: Int32
        switch mode {
        case .deflate(let level):
            // 15 bits of window + 16: a gzip wrapper; memLevel 8 is zlib's default.
            status = deflateInit2_(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, size)
            if status == Z_OK {
                header.pointee.os = 255
                header.pointee.time = 0
                _ = deflateSetHeader(stream, header)
            }
        case .inflate:
            status = inflateInit2_(stream, 15 + 16, ZLIB_VERSION, size)
        }
        // On failure deinit still runs: zlib's end functions refuse a stream that never started.
        guard status == Z_OK else {
            throw GzipError.zlib(status: Int(status), message: "cannot start a stream")
        }
    }

    deinit {
        switch mode {
        case .deflate: deflateEnd(stream)
        case .inflate: inflateEnd(stream)
        }
        stream.deallocate()
        header.deallocate()
    }

    /// Runs `input` through the stream (`last`: no more input follows) and hands each piece of
    /// output to `sink`. Inflating stops at the end of the gzip member; bytes after it are an error.
    func process(_ input: UnsafeRawBufferPointer, last: Bool, _ sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !finished else {
            if input.isEmpty { return }
            throw GzipError.trailingData
        }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
        stream.pointee.avail_in = uInt(input.count)
        let capacity = output.count
        repeat {
            let status: Int32 = output.withUnsafeMutableBufferPointer { out in
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = uInt(capacity)
                switch mode {
                case .deflate: return deflate(stream, last ? Z_FINISH : Z_NO_FLUSH)
                case .inflate: return inflate(stream, Z_NO_FLUSH)
                }
            }
            let produced = capacity - Int(stream.pointee.avail_out)
            if produced > 0 {
                try output.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[..<produced])) }
            }
            switch status {
            case Z_STREAM_END:
                finished = true
                if stream.pointee.avail_in > 0 { throw GzipError.trailingData }
                return
            case Z_OK: continue
            case Z_BUF_ERROR where produced == 0:
                // No progress possible: all input used (inflate waits for more) or nothing to do.
                if case .inflate = mode, last { throw GzipError.truncated }
                return
            case Z_BUF_ERROR: continue
            case Z_DATA_ERROR: throw GzipError.damaged(message: Self.message(stream.pointee.msg))
            default: throw GzipError.zlib(status: Int(status), message: Self.message(stream.pointee.msg))
            }
        } while stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0 || (last && !finished)
        if case .inflate = mode, last, !finished { throw GzipError.truncated }
    }

    private static func message(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0) } ?? "no detail"
    }
}
