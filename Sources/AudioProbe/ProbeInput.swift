/// A byte source plus the name used in error messages: what every parser works on.
struct ProbeInput {
    let source: any ByteSource
    let name: String

    var size: UInt64 { source.size }

    /// An error about this file.
    func error(_ message: String) -> AudioProbeError {
        AudioProbeError(file: name, message: message)
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    func bytes(at offset: UInt64, count: Int) throws(AudioProbeError) -> [UInt8] {
        try source.read(at: offset, count: count)
    }

    /// Exactly `count` bytes at `offset`, or a "truncated" error naming `what` of `format`.
    func exactBytes(at offset: UInt64, count: Int, format: String, what: String) throws(AudioProbeError) -> [UInt8] {
        try requireRange(offset, UInt64(max(count, 0)), format: format, what: what)
        let bytes = try source.read(at: offset, count: count)
        guard bytes.count == count else {
            throw error("truncated \(format) file: could not read \(what) at byte \(offset)")
        }
        return bytes
    }

    /// Throws a "truncated" error unless `length` bytes from `offset` lie inside the file.
    func requireRange(_ offset: UInt64, _ length: UInt64, format: String, what: String) throws(AudioProbeError) {
        let end = offset.adding(length)
        guard end <= size else {
            throw error("truncated \(format) file: \(what) ends at byte \(end) but the file has \(size) bytes")
        }
    }
}
