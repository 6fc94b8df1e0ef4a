// libFuzzer target: the WAV/RF64 parser. Input without a RIFF/RF64/BW64…WAVE header gets one.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let isWAV = (has(bytes, "RIFF", at: 0) || has(bytes, "RF64", at: 0) || has(bytes, "BW64", at: 0)) && has(bytes, "WAVE", at: 8)
    // Odd-length input gets an RF64 header (ds64 path), even-length a RIFF one.
    let magic = size & 1 == 1 ? Array("RF64".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] : Array("RIFF".utf8) + le32(size + 4)
    return fuzzProbe(steered(bytes, isAlready: { _ in isWAV }, prefix: magic + Array("WAVE".utf8)))
}
