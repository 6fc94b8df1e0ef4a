// libFuzzer target: the Ogg parser (pages, Vorbis/Opus/FLAC identification headers, tail scan).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    return fuzzProbe(steered(bytes, isAlready: { has($0, "OggS", at: 0) }, prefix: Array("OggS".utf8)))
}
