/// Why gzip data could not be written or read.
public enum GzipError: Error, Equatable, CustomStringConvertible {
    /// The data ended before the gzip member did.
    case truncated
    /// Bytes follow the end of the gzip member.
    case trailingData
    /// The data is not gzip, or its checksum or length does not match.
    case damaged(message: String)
    /// The data decompresses to more bytes than allowed.
    case tooLarge(limit: Int)
    /// zlib refused (status and its message).
    case zlib(status: Int, message: String)

    public var description: String {
        switch self {
        case .truncated: "the gzip data ends early"
        case .trailingData: "bytes follow the end of the gzip data"
        case .damaged(let message): "the gzip data is damaged (\(message))"
        case .tooLarge(let limit): "the gzip data decompresses to more than \(limit) bytes"
        case .zlib(let status, let message): "zlib failed (status \(status): \(message))"
        }
    }
}
