/// Why a file could not be analysed: it names the file and says what went wrong.
package enum AudioAnalysisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// FFmpeg could not open or decode the file, or it stops before its declared end.
    case decode(path: String, reason: String)
    /// libebur128 refused the stream (an unusual channel count or rate).
    case measure(path: String, reason: String)

    package var path: String {
        switch self {
        case .decode(let path, _), .measure(let path, _): return path
        }
    }

    package var description: String {
        switch self {
        case .decode(let path, let reason): return "\(path): \(reason)"
        case .measure(let path, let reason): return "\(path): cannot be measured: \(reason)"
        }
    }
}
