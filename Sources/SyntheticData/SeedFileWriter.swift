import CatalogModel
import Crypto
import Foundation

/// Writes a seed file pack by pack, byte for byte what `CatalogJSON.encode` writes for the whole
/// seed, so a million-item synthetic catalog is generated in bounded memory.
///
/// ```swift
/// let synthetic = SyntheticSeed(items: 1_000_000)
/// let file = try SeedFileWriter.write(header: synthetic.header(), to: url) { emit in
///     try synthetic.forEachPack(emit)
/// }
/// file.sha256   // the seed's SHA-256, for catalog.json
/// ```
public enum SeedFileWriter {
    /// What was written: the file's SHA-256 (hex) and size.
    public struct Written: Sendable {
        public var sha256: String
        public var bytes: Int64
    }

    /// Writes `header` (its `packs` ignored) with the packs `packs` emits, in that order.
    public static func write(
        header: Seed, to url: URL, packs: ((Seed.Pack) throws -> Void) throws -> Void
    ) throws -> Written {
        var empty = header
        empty.packs = []
        let text = String(decoding: try CatalogJSON.encode(empty), as: UTF8.self)
        guard let marker = text.range(of: "\"packs\" : ["),
            let close = text[marker.upperBound...].firstIndex(of: "]")
        else { throw CocoaError(.coderInvalidValue) }
        let sink = try Sink(url)
        try sink.write(text[..<marker.upperBound])
        var first = true
        try packs { pack in
            var encoded = try CatalogJSON.encode(pack)
            encoded.removeLast()  // the file's closing newline
            try sink.write(first ? "\n" : ",\n")
            try sink.write(indented(encoded))
            first = false
        }
        if first {
            try sink.write(text[marker.upperBound...])  // no packs: the empty array as encoded
        } else {
            try sink.write("\n  " + text[close...])
        }
        return try sink.finish()
    }

    /// `data` with four spaces before each line that is not empty (the encoder leaves an empty
    /// array's middle line bare): one pack at its place in the seed's `packs` array.
    static func indented(_ data: Data) -> Data {
        let indent = Array("    ".utf8)
        var out = Data(capacity: data.count + data.count / 8)
        out.append(contentsOf: indent)
        let bytes = [UInt8](data)
        for (i, byte) in bytes.enumerated() {
            out.append(byte)
            if byte == 0x0A, i + 1 < bytes.count, bytes[i + 1] != 0x0A { out.append(contentsOf: indent) }
        }
        return out
    }

    /// A buffered file that hashes what passes through it.
    private final class Sink {
        let handle: FileHandle
        var hasher = SHA256()
        var buffer = Data()
        var bytes: Int64 = 0

        init(_ url: URL) throws {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
            handle = try FileHandle(forWritingTo: url)
        }

        func write(_ text: some StringProtocol) throws { try write(Data(text.utf8)) }

        func write(_ data: Data) throws {
            hasher.update(data: data)
            bytes += Int64(data.count)
            buffer.append(data)
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }

        func finish() throws -> Written {
            try handle.write(contentsOf: buffer)
            try handle.close()
            return Written(sha256: SHA256Digest.hex(hasher.finalize()), bytes: bytes)
        }
    }
}
