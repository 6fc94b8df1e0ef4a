extension BroadcastExtension {
    /// The fixed part of a `bext` chunk before the coding history.
    static let fixedSize = 602

    /// Reads a `bext` chunk body; nil when it is shorter than the fixed part.
    init?(body: [UInt8]) {
        guard body.count >= Self.fixedSize else { return nil }
        func text(_ start: Int, _ length: Int) -> String? {
            TagText.nonEmpty(TagText.utf8OrLatin1(body[start..<(start + length)]))
        }
        func loudness(_ at: Int) -> Double? {
            let raw = Int16(bitPattern: UInt16(body.le16(at)))
            return raw == Int16.max ? nil : Double(raw) / 100
        }
        let version = body.le16(346)
        self.init(
            description: text(0, 256), originator: text(256, 32), originatorReference: text(288, 32),
            version: version)
        if version >= 2 {
            loudnessValue = loudness(412)
            loudnessRange = loudness(414)
            maxTruePeakLevel = loudness(416)
        }
    }
}
