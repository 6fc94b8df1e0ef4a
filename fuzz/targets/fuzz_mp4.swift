// libFuzzer target: the MP4/M4A box walk, mvhd/mdhd/elst/mehd timing, stsd sample entries, esds.
// Input that is not already recognised as MP4 is put after an empty 8-byte `free` box.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let boxes = ["ftyp", "moov", "mdat", "free", "skip", "wide"]
    let isMP4 = boxes.contains { has(bytes, $0, at: 4) }
    return fuzzProbe(steered(bytes, isAlready: { _ in isMP4 }, prefix: [0, 0, 0, 8] + Array("free".utf8)))
}
