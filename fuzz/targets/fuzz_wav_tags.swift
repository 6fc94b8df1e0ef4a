// libFuzzer target: a WAV's bext and iXML chunks. The input is split in two at its first byte's
// fraction: the first part becomes a bext chunk, the rest an iXML chunk (whose declared size
// is off by the second byte, so sizes running past the file are tried), behind a RIFF header.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 2 else { return fuzzProbe(Data(bytes)) }
    let split = 2 + (bytes.count - 2) * Int(bytes[0]) / 255
    let bext = Array(bytes[2..<split])
    let ixml = Array(bytes[split...])
    let slack = Int(Int8(bitPattern: bytes[1]))
    var body = Array("WAVE".utf8)
    body += Array("bext".utf8) + le32(bext.count) + bext + (bext.count & 1 == 1 ? [0] : [])
    body += Array("iXML".utf8) + le32(max(0, ixml.count + slack)) + ixml
    let file = Array("RIFF".utf8) + le32(body.count) + body
    fuzzTags(Data(file))
    return 0
}
