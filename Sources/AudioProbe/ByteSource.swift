import Foundation

/// Random access to the bytes of an audio file, so one set of parsers works over a file on
/// disk and over `Data` in memory.
protocol ByteSource {
    /// The total number of bytes.
    var size: UInt64 { get }
    /// Up to `count` bytes starting at `offset`: fewer at the end, none past it.
    func read(at offset: UInt64, count: Int) throws(AudioProbeError) -> [UInt8]
}

/// The largest single read a parser may ask for; input-derived sizes are clamped to it.
let maxReadSize = 16 << 20

/// Bytes already in memory.
struct DataByteSource: ByteSource {
    let data: Data

    var size: UInt64 { UInt64(data.count) }

    func read(at offset: UInt64, count: Int) -> [UInt8] {
        guard count > 0, offset < size else { return [] }
        let start = data.startIndex + Int(offset)
        let length = min(count, maxReadSize, data.endIndex - start)
        return [UInt8](data[start..<(start + length)])
    }
}

/// A file read through `FileHandle`, with a small read-ahead window so that header walks and
/// MP3 frame scans cost few system calls. The whole file is never loaded.
final class FileByteSource: ByteSource {
    private let handle: FileHandle
    private let path: String
    let size: UInt64
    private var window: [UInt8] = []
    private var windowStart: UInt64 = 0
    private static let windowSize = 64 << 10

    init(path: String) throws(AudioProbeError) {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AudioProbeError(file: path, message: "file not found")
        }
        guard !isDirectory.boolValue else {
            throw AudioProbeError(file: path, message: "is a directory, not an audio file")
        }
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            size = try handle.seekToEnd()
        } catch {
            throw AudioProbeError(
                file: path, message: "cannot open the file for reading: \(error.localizedDescription)")
        }
    }

    deinit {
        try? handle.close()
    }

    func read(at offset: UInt64, count: Int) throws(AudioProbeError) -> [UInt8] {
        guard count > 0, offset < size else { return [] }
        let length = Int(min(UInt64(min(count, maxReadSize)), size - offset))
        if offset >= windowStart, offset - windowStart + UInt64(length) <= UInt64(window.count) {
            let start = Int(offset - windowStart)
            return Array(window[start..<(start + length)])
        }
        if length > Self.windowSize {
            return try readFromDisk(at: offset, count: length)
        }
        window = try readFromDisk(at: offset, count: Self.windowSize)
        windowStart = offset
        return Array(window.prefix(length))
    }

    private func readFromDisk(at offset: UInt64, count: Int) throws(AudioProbeError) -> [UInt8] {
        do {
            try handle.seek(toOffset: offset)
            return [UInt8](try handle.read(upToCount: count) ?? Data())
        } catch {
            throw AudioProbeError(
                file: path, message: "cannot read the file at byte \(offset): \(error.localizedDescription)")
        }
    }
}
