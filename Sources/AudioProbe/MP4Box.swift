/// One ISO-BMFF / QuickTime box (atom): its four-character type and where it lies.
struct MP4Box {
    var type: String
    var start: UInt64
    var payloadStart: UInt64
    var end: UInt64

    var payloadSize: UInt64 { end - payloadStart }

    /// The most boxes read at one level (fragmented files have many moof/mdat pairs).
    private static let maxBoxes = 100_000

    /// The boxes in `[start, end)`, reading only their headers. `parent` is nil at the top
    /// level, where a box running past the end of the file means the file is truncated.
    static func children(
        _ input: ProbeInput, from start: UInt64, to end: UInt64,
        parent: String?
    ) throws(AudioProbeError) -> [MP4Box] {
        var boxes: [MP4Box] = []
        var offset = start
        while offset.adding(8) <= end, boxes.count < maxBoxes {
            let header = try input.exactBytes(at: offset, count: 8, format: "MP4", what: "box header")
            let type = header.fourCC(4)
            var headerSize: UInt64 = 8
            var boxEnd: UInt64
            switch header.be32(0) {
            case 0:
                boxEnd = end
            case 1:
                let large = try input.exactBytes(
                    at: offset + 8, count: 8, format: "MP4", what: "64-bit size of box '\(type)'")
                headerSize = 16
                boxEnd = offset.adding(large.be64(0))
            case let size:
                boxEnd = offset + UInt64(size)
            }
            guard boxEnd >= offset.adding(headerSize) else {
                throw input.error(
                    "corrupt MP4 file: box '\(type)' at byte \(offset) has an invalid size of \(boxEnd - offset) bytes")
            }
            guard boxEnd <= end else {
                guard let parent else {
                    throw input.error(
                        "truncated MP4 file: box '\(type)' at byte \(offset) ends at byte \(boxEnd) but the file has \(input.size) bytes"
                    )
                }
                throw input.error(
                    "corrupt MP4 file: box '\(type)' at byte \(offset) runs past the end of its parent '\(parent)' (byte \(end))"
                )
            }
            boxes.append(MP4Box(type: type, start: offset, payloadStart: offset + headerSize, end: boxEnd))
            offset = boxEnd
        }
        return boxes
    }

    /// This box's children (for container boxes such as `moov`, `trak`, `mdia`).
    func children(_ input: ProbeInput, skippingPayloadBytes skip: UInt64 = 0) throws(AudioProbeError) -> [MP4Box] {
        guard skip <= payloadSize else { return [] }
        return try Self.children(input, from: payloadStart + skip, to: end, parent: type)
    }

    /// The first `count` bytes of the payload (fewer if the payload is shorter).
    func payload(_ input: ProbeInput, upTo count: Int) throws(AudioProbeError) -> [UInt8] {
        let length = Int(min(payloadSize, UInt64(max(count, 0))))
        return try input.exactBytes(at: payloadStart, count: length, format: "MP4", what: "box '\(type)'")
    }
}

extension Array where Element == MP4Box {
    func first(_ type: String) -> MP4Box? {
        first { $0.type == type }
    }
}
