// libFuzzer target: AudioProbe.probe(data:name:) on raw input (every container).
// Built with Sources/AudioProbe/*.swift and fuzz/targets/audio_support.swift; see scripts/fuzz.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzProbe(Data(bytes: data, count: size))
}
