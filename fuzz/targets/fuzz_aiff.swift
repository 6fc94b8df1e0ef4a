// libFuzzer target: the AIFF/AIFF-C parser. Input without a FORM…AIFF/AIFC header gets one.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let isAIFF = has(bytes, "FORM", at: 0) && (has(bytes, "AIFF", at: 8) || has(bytes, "AIFC", at: 8))
    let form = Array("FORM".utf8) + be32(size + 4) + Array((size & 1 == 1 ? "AIFC" : "AIFF").utf8)
    return fuzzProbe(steered(bytes, isAlready: { _ in isAIFF }, prefix: form))
}
