// libFuzzer target: ID3v2 tags, MPEG frame search, Xing/VBRI headers, frame walk, ID3v1/APE tails.
// Input that starts with neither "ID3" nor a frame sync gets an MPEG-1 layer III header.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let isMP3 = has(bytes, "ID3", at: 0) || (bytes.count >= 2 && bytes[bytes.startIndex] == 0xFF && bytes[bytes.startIndex + 1] & 0xE0 == 0xE0)
    return fuzzProbe(steered(bytes, isAlready: { _ in isMP3 }, prefix: [0xFF, 0xFB, 0x90, 0x64]))
}
