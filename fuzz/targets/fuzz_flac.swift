// libFuzzer target: the native FLAC parser (STREAMINFO, metadata walk, frame headers).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    return fuzzProbe(steered(bytes, isAlready: { has($0, "fLaC", at: 0) }, prefix: Array("fLaC".utf8)))
}
