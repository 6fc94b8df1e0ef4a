/// The records of a pax extended header (`"<length> <key>=<value>\n"`, repeated), of which a
/// pack reader needs `path`, `linkpath`, `size` and whether any `GNU.sparse.*` key is present.
struct PaxRecords {
    var path: [UInt8]?
    var linkpath: [UInt8]?
    var size: Int64?
    var isSparse = false

    /// The largest extended header read; packs write a few dozen bytes.
    static let limit: Int64 = 1 << 20

    /// Parses `data`, or names the first malformed record.
    init(_ data: [UInt8]) throws(TarHeader.Problem) {
        var at = 0
        while at < data.count {
            // A header padded with NULs ends at the first NUL.
            if data[at] == 0, data[at...].allSatisfy({ $0 == 0 }) { break }
            guard let space = data[at...].firstIndex(of: UInt8(ascii: " ")), space > at, space - at <= 18,
                data[at..<space].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let length = Int(String(decoding: data[at..<space], as: UTF8.self)),
                length > space - at + 2, at + length <= data.count, data[at + length - 1] == UInt8(ascii: "\n"),
                let equals = data[(space + 1)..<(at + length - 1)].firstIndex(of: UInt8(ascii: "=")),
                equals > space + 1
            else { throw .field("pax extended header record at byte \(at)") }
            let key = String(decoding: data[(space + 1)..<equals], as: UTF8.self)
            let value = Array(data[(equals + 1)..<(at + length - 1)])
            try apply(key, value)
            at += length
        }
    }

    private mutating func apply(_ key: String, _ value: [UInt8]) throws(TarHeader.Problem) {
        switch key {
        case "path": path = value
        case "linkpath": linkpath = value
        case "size":
            guard !value.isEmpty, value.count <= 18, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let n = Int64(String(decoding: value, as: UTF8.self))
            else { throw .field("pax size") }
            size = n
        case _ where key.hasPrefix("GNU.sparse."): isSparse = true
        default: break
        }
    }
}
