import CatalogModel
import Foundation

/// A file's own loop marks: the first loop of a WAV `smpl` chunk (its end field is the loop's
/// last frame), the sustain loop of an AIFF `INST` chunk with its `MARK` positions, or the
/// `LOOPSTART` with `LOOPLENGTH` or `LOOPEND` comments of Vorbis, Opus and FLAC files.
///
/// ```swift
/// LoopMarks.read(path: "loop.wav", tags: [:])   // LoopRegion(start: 0, end: 48000)
/// ```
enum LoopMarks {
    /// The marks, or nil when the file has none (chunks are read by seeking past the audio).
    static func read(path: String, tags: [String: String]) -> LoopRegion? {
        if let region = fromComments(tags) { return region }
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let header = try? file.read(upToCount: 12), header.count == 12 else { return nil }
        let form = String(decoding: header.prefix(4), as: UTF8.self)
        let type = String(decoding: header.suffix(4), as: UTF8.self)
        if form == "RIFF" && type == "WAVE" { return wav(file) }
        if form == "FORM" && (type == "AIFF" || type == "AIFC") { return aiff(file) }
        return nil
    }

    static func fromComments(_ tags: [String: String]) -> LoopRegion? {
        guard let start = tags["LOOPSTART"].flatMap({ Int64($0.trimmingCharacters(in: .whitespaces)) }), start >= 0
        else { return nil }
        if let length = tags["LOOPLENGTH"].flatMap({ Int64($0.trimmingCharacters(in: .whitespaces)) }), length > 0 {
            return LoopRegion(start: start, end: start + length)
        }
        if let end = tags["LOOPEND"].flatMap({ Int64($0.trimmingCharacters(in: .whitespaces)) }), end > start {
            return LoopRegion(start: start, end: end)
        }
        return nil
    }

    private static func wav(_ file: FileHandle) -> LoopRegion? {
        guard let smpl = chunk("smpl", in: file, bigEndian: false), smpl.count >= 60 else { return nil }
        guard smpl.uint32(at: 28, bigEndian: false) > 0 else { return nil }
        let start = Int64(smpl.uint32(at: 44, bigEndian: false))
        let last = Int64(smpl.uint32(at: 48, bigEndian: false))
        return last >= start ? LoopRegion(start: start, end: last + 1) : nil
    }

    private static func aiff(_ file: FileHandle) -> LoopRegion? {
        guard let inst = chunk("INST", in: file, bigEndian: true), inst.count >= 20,
            inst.uint16(at: 8) != 0
        else { return nil }
        let beginId = inst.uint16(at: 10)
        let endId = inst.uint16(at: 12)
        try? file.seek(toOffset: 12)
        guard let mark = chunk("MARK", in: file, bigEndian: true), mark.count >= 2 else { return nil }
        var positions: [UInt16: Int64] = [:]
        var offset = 2
        for _ in 0..<Int(mark.uint16(at: 0)) where offset + 7 <= mark.count {
            positions[mark.uint16(at: offset)] = Int64(mark.uint32(at: offset + 2, bigEndian: true))
            let nameLength = Int(mark[mark.startIndex + offset + 6])
            offset += 6 + ((1 + nameLength + 1) & ~1)
        }
        guard let start = positions[beginId], let end = positions[endId], end > start else { return nil }
        return LoopRegion(start: start, end: end)
    }

    /// The body of the first chunk named `id` after the file's 12-byte header, or nil.
    private static func chunk(_ id: String, in file: FileHandle, bigEndian: Bool) -> Data? {
        for _ in 0..<512 {
            guard let head = try? file.read(upToCount: 8), head.count == 8 else { return nil }
            let size = UInt64(head.uint32(at: 4, bigEndian: bigEndian))
            if String(decoding: head.prefix(4), as: UTF8.self) == id {
                guard size <= 1 << 20, let body = try? file.read(upToCount: Int(size)) else { return nil }
                return body
            }
            guard let here = try? file.offset() else { return nil }
            do { try file.seek(toOffset: here + size + (size & 1)) } catch { return nil }
        }
        return nil
    }
}

extension Data {
    fileprivate func uint32(at offset: Int, bigEndian: Bool) -> UInt32 {
        let b = (0..<4).map { UInt32(self[startIndex + offset + $0]) }
        return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
    }

    fileprivate func uint16(at offset: Int) -> UInt16 {
        UInt16(self[startIndex + offset]) << 8 | UInt16(self[startIndex + offset + 1])
    }
}

/// The comment rules of ``LoopMarks``, for tests.
package enum LoopMarksProbe {
    package static func comments(_ tags: [String: String]) -> LoopRegion? { LoopMarks.fromComments(tags) }
}
