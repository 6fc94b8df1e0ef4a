// libFuzzer target: TarReader (the client's pure-Swift pack archive reader) and the extractor's
// entry policy over arbitrary bytes, fed in small uneven blocks as a download would arrive.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    // Every entry's data stops at its declared size, whatever the headers say.
    let reader = TarReader(name: "fuzz", readBlock: blocks(of: bytes, size: 1 + size % 61))
    var buffer = [UInt8](repeating: 0, count: 4096)
    do {
        while let entry = try reader.nextEntry() {
            var total: Int64 = 0
            while true {
                let n = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                if n == 0 { break }
                total += Int64(n)
                precondition(total <= entry.size, "read past the declared size")
            }
        }
    } catch {
        precondition(String(describing: error).contains("fuzz"))
    }
    // The policy never hands over a name outside the manifest.
    let expected: [String: Int64] = ["a.flac": 5, "b.ogg": 3]
    do {
        try PackArchiveExtractor.extract(
            from: TarReader(name: "fuzz", readBlock: blocks(of: bytes, size: 512)), expected: expected,
            open: { precondition(expected[$0] != nil) }, chunk: { _ in }, close: { _ in })
    } catch {
        precondition(String(describing: error).contains("fuzz"))
    }
    return 0
}

/// A block source serving `bytes` `size` bytes at a time.
func blocks(of bytes: Data, size: Int) -> () throws -> Data? {
    var offset = 0
    return {
        guard offset < bytes.count else { return nil }
        defer { offset += size }
        return bytes.subdata(in: offset..<min(bytes.count, offset + size))
    }
}
