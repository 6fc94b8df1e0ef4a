import CFFmpeg
import Foundation

/// Decodes any audio file FFmpeg's libraries read (WAV, AIFF, FLAC, Ogg Vorbis/Opus, MP3,
/// M4A AAC/ALAC) into interleaved 32-bit float PCM at the file's own rate and channel count,
/// handed over one decoded frame at a time, so memory stays constant whatever the length.
/// The only Swift that calls libavformat, libavcodec and libswresample.
///
/// ```swift
/// let decoder = try AudioDecoder(path: "audio/creek.ogg")
/// try decoder.decode { samples, frames in meter.add(samples, frames: frames) }
/// ```
final class AudioDecoder {
    let path: String
    let sampleRate: Int
    let channels: Int
    /// The container's and the stream's tags, keys upper-cased (stream tags win).
    let metadata: [String: String]
    /// The stream's length as the container declares it, in frames (nil when unknown).
    let declaredFrames: Int64?

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    private let streamIndex: Int32
    /// Custom I/O when the bytes come from an ``AudioByteSource``; freed after `format`.
    private let io: ByteSourceIO?

    /// Opens `path`, reading it through `source` when one is given (then FFmpeg never opens
    /// the file itself; `path` names it in errors and its extension helps find the format).
    init(path: String, source: (any AudioByteSource)? = nil) throws {
        self.path = path
        // FFmpeg's own log lines would reach the tools' stderr; failures come back as errors.
        av_log_set_level(SHIM_AV_LOG_QUIET)
        var format: UnsafeMutablePointer<AVFormatContext>?
        if let source {
            guard let io = ByteSourceIO(source), let context = avformat_alloc_context() else {
                throw AudioAnalysisError.decode(path: path, reason: "out of memory")
            }
            context.pointee.pb = io.context
            format = context
            self.io = io
        } else {
            io = nil
        }
        var status = avformat_open_input(&format, path, nil, nil)
        guard status >= 0, let format else { throw Self.failure(path, "cannot be opened as audio", status) }
        self.format = format
        status = avformat_find_stream_info(format, nil)
        guard status >= 0 else {
            avformat_close_input(&self.format)
            throw Self.failure(path, "has no readable audio stream", status)
        }
        var decoderCodec: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoderCodec, 0)
        guard index >= 0, let decoderCodec, let stream = format.pointee.streams[Int(index)] else {
            avformat_close_input(&self.format)
            throw Self.failure(path, "has no audio stream FFmpeg can decode", index)
        }
        streamIndex = index
        let context = avcodec_alloc_context3(decoderCodec)
        self.codec = context
        status = avcodec_parameters_to_context(context, stream.pointee.codecpar)
        if status >= 0 { status = avcodec_open2(context, decoderCodec, nil) }
        guard status >= 0, let context else {
            avcodec_free_context(&self.codec)
            avformat_close_input(&self.format)
            throw Self.failure(path, "cannot be decoded", status)
        }
        sampleRate = Int(context.pointee.sample_rate)
        channels = Int(context.pointee.ch_layout.nb_channels)
        let base = stream.pointee.time_base
        if stream.pointee.duration > 0, base.den > 0 {
            declaredFrames = stream.pointee.duration * Int64(base.num) * Int64(sampleRate) / Int64(base.den)
        } else {
            declaredFrames = nil
        }
        metadata = Self.tags(format.pointee.metadata).merging(Self.tags(stream.pointee.metadata)) { _, s in s }
        var swr: OpaquePointer?
        status = swr_alloc_set_opts2(
            &swr, &context.pointee.ch_layout, AV_SAMPLE_FMT_FLT, context.pointee.sample_rate,
            &context.pointee.ch_layout, context.pointee.sample_fmt, context.pointee.sample_rate, 0, nil)
        if status >= 0 { status = swr_init(swr) }
        resampler = swr
        guard status >= 0, sampleRate > 0, channels > 0 else {
            close()
            throw Self.failure(path, "has an audio layout that cannot be converted", status)
        }
    }

    deinit { close() }

    /// Calls `body` with each run of decoded frames (interleaved floats, `frames × channels`)
    /// in order. A read or decode error, or a stream that ends before its declared length
    /// (a truncated file), throws an error naming the file.
    func decode(_ body: (UnsafeBufferPointer<Float>, Int) throws -> Void) throws {
        guard let format, let codec, let resampler else { return }
        guard let packet = av_packet_alloc() else {
            throw AudioAnalysisError.decode(path: path, reason: "out of memory")
        }
        var packetRef: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&packetRef) }
        guard let frame = av_frame_alloc() else { throw AudioAnalysisError.decode(path: path, reason: "out of memory") }
        var frameRef: UnsafeMutablePointer<AVFrame>? = frame
        defer { av_frame_free(&frameRef) }
        var output: [Float] = []
        var decoded: Int64 = 0
        // A packet that fails to decode is counted, not fatal at once: only the last one may
        // fail (a partial frame at the very end, which the length check below judges).
        var failedPackets = 0
        var failure: Int32?

        func drain() throws {
            while true {
                let status = avcodec_receive_frame(codec, frame)
                if status == SHIM_AVERROR_EAGAIN || status == SHIM_AVERROR_EOF { return }
                guard status >= 0 else {
                    failure = failure ?? status
                    failedPackets += 1
                    return
                }
                let count = Int(frame.pointee.nb_samples)
                if output.count < count * channels { output = [Float](repeating: 0, count: count * channels) }
                let converted = output.withUnsafeMutableBufferPointer { out -> Int32 in
                    var target: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(out.baseAddress!)
                        .assumingMemoryBound(to: UInt8.self)
                    let source = UnsafeMutableRawPointer(frame.pointee.extended_data)
                        .assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
                    return swr_convert(resampler, &target, Int32(count), source, Int32(count))
                }
                guard converted >= 0 else { throw Self.failure(path, "cannot be converted", converted) }
                decoded += Int64(converted)
                try output.withUnsafeBufferPointer { try body($0, Int(converted)) }
                av_frame_unref(frame)
            }
        }

        while true {
            let status = av_read_frame(format, packet)
            if status == SHIM_AVERROR_EOF { break }
            guard status >= 0 else { throw Self.failure(path, "is truncated or unreadable", status) }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            if failedPackets > 0 {
                throw Self.failure(path, "is corrupt: its audio data cannot be decoded", failure ?? 0)
            }
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0 && sent != SHIM_AVERROR_EAGAIN {
                failure = failure ?? sent
                failedPackets += 1
                continue
            }
            try drain()
        }
        if failedPackets == 0 {
            avcodec_send_packet(codec, nil)
            try drain()
        }
        if failedPackets > 1 {
            throw Self.failure(path, "is corrupt: its audio data cannot be decoded", failure ?? 0)
        }
        if let declared = declaredFrames, decoded < declared - Int64(sampleRate / 10) - declared / 100 {
            throw AudioAnalysisError.decode(
                path: path,
                reason: "is truncated: its audio ends after \(decoded) of \(declared) frames; export the file again")
        }
        guard decoded > 0 else { throw AudioAnalysisError.decode(path: path, reason: "holds no audio frames") }
    }

    private func close() {
        if resampler != nil { swr_free(&resampler) }
        if codec != nil { avcodec_free_context(&codec) }
        if format != nil { avformat_close_input(&format) }
    }

    private static func tags(_ dictionary: OpaquePointer?) -> [String: String] {
        var result: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(dictionary, "", entry, SHIM_AV_DICT_IGNORE_SUFFIX) {
            result[String(cString: next.pointee.key).uppercased()] = String(cString: next.pointee.value)
            entry = next
        }
        return result
    }

    private static func failure(_ path: String, _ what: String, _ status: Int32) -> AudioAnalysisError {
        var text = [CChar](repeating: 0, count: 256)
        av_strerror(status, &text, text.count)
        let reason = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .decode(path: path, reason: "\(what) (FFmpeg: \(reason))")
    }
}
