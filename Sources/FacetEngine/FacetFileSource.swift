import Foundation

/// An index file read in pieces by offset, never mapped or read whole: patching a million-item
/// index (``FacetIndex/patchFile(_:at:expectedStamp:newStamp:)``) reads the few parts that
/// change and streams the rest through a small buffer.
///
/// ```swift
/// let source = try FacetFileSource(url)
/// let layout = try source.layout(expectedStamp: stamp)
/// let head = try source.read(layout.sections[0].body)
/// ```
package final class FacetFileSource {
    /// A section: its header (byte count, checksum) and its bytes.
    package struct Section {
        package var header: Range<Int>
        package var body: Range<Int>
        package var checksum: UInt64
        package var whole: Range<Int> { header.lowerBound..<body.upperBound }
    }

    private let handle: FileHandle
    package let size: Int

    /// Opens `url`; throws ``FacetIndexError/unreadable(path:errno:)`` when it cannot be opened.
    package init(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw FacetIndexError.unreadable(path: url.path, errno: errno) }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        size = Int(try handle.seekToEnd())
    }

    /// Exactly the bytes of `range`; throws ``FacetIndexError/truncated`` past the end.
    package func read(_ range: Range<Int>) throws -> Data {
        guard range.lowerBound >= 0, range.upperBound <= size else { throw FacetIndexError.truncated }
        try handle.seek(toOffset: UInt64(range.lowerBound))
        let data = try handle.read(upToCount: range.count) ?? Data()
        guard data.count == range.count else { throw FacetIndexError.truncated }
        return data
    }

    /// A little-endian scalar at `offset`.
    package func value<T: FixedWidthInteger>(_: T.Type, at offset: Int) throws -> T {
        let bytes = try read(offset..<offset + MemoryLayout<T>.size)
        return bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(as: T.self)) }
    }

    /// Calls `body` with the bytes of `range` in pieces of at most 1 MiB.
    package func pieces(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let piece = try read(offset..<min(offset + FacetFileWriter.bufferSize, range.upperBound))
            try piece.withUnsafeBytes { try body($0) }
            offset += piece.count
        }
    }

    /// Checks `section`'s checksum by reading it through in pieces, each also handed to `body`.
    package func verify(_ section: Section, passing body: (UnsafeRawBufferPointer) -> Void = { _ in }) throws {
        var running = FacetChecksum.Running()
        try pieces(section.body) { piece in
            running.update(piece)
            body(piece)
        }
        guard running.value == section.checksum else { throw FacetIndexError.corrupt("checksum") }
    }

    /// `section`'s bytes, read once and checked against its checksum.
    package func checkedBody(_ section: Section) throws -> Data {
        let bytes = try read(section.body)
        guard bytes.withUnsafeBytes({ FacetChecksum.of($0) }) == section.checksum else {
            throw FacetIndexError.corrupt("checksum")
        }
        return bytes
    }

    /// The header's stamp (refused when not `expectedStamp`) and every section: the head, the
    /// forward index, then each slot's summary and payload.
    package func layout(expectedStamp: String) throws -> [Section] {
        let fixed = try read(0..<min(size, 16))
        guard fixed.count == 16, Array(fixed.prefix(FacetIndex.magic.count)) == FacetIndex.magic else {
            throw FacetIndexError.notAFacetIndex
        }
        let version = try value(UInt32.self, at: 8)
        guard version == FacetIndex.formatVersion else { throw FacetIndexError.unsupportedVersion(version) }
        let stampCount = Int(try value(UInt32.self, at: 12))
        let stamp = String(decoding: try read(16..<16 + stampCount), as: UTF8.self)
        guard stamp == expectedStamp else { throw FacetIndexError.stampMismatch(found: stamp) }
        var position = 16 + (stampCount + 7) / 8 * 8
        var sections: [Section] = []
        for _ in 0..<(2 + 2 * FacetSlots.count) {
            let count = try value(UInt64.self, at: position)
            let checksum = try value(UInt64.self, at: position + 8)
            guard count <= UInt64(size - position - 16), count % 8 == 0 else { throw FacetIndexError.truncated }
            let body = position + 16..<position + 16 + Int(count)
            sections.append(Section(header: position..<position + 16, body: body, checksum: checksum))
            position = body.upperBound
        }
        guard position == size else { throw FacetIndexError.corrupt("trailing bytes") }
        return sections
    }
}
