/// What can go wrong recording, importing or reading plays; each case carries the target,
/// file or JSON path involved and prints one sentence saying what to do.
///
/// ```swift
/// do { _ = try await library.plays.record(PlayInput(target: "nope", secondsPlayed: 60)) }
/// catch let error as ListeningError { print(error.description) }
/// ```
public enum ListeningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No library item or cached track with this reference.
    case unknownTarget(String)
    /// An import file names a target the library does not know (file, JSON path, target).
    case unknownImportTarget(file: String, path: String, target: String)
    /// An import file that is not the expected JSON (file, JSON path, what is wrong).
    case invalidImportFile(file: String, path: String, problem: String)
    /// An import file that cannot be read.
    case unreadableImportFile(file: String, reason: String)
    /// A time that is not ISO-8601.
    case invalidTime(String)
    /// A play recorded with a source only imports may use.
    case unsupportedSource(PlaySource)
    /// A negative or non-finite number of seconds.
    case invalidSeconds(Double)
    /// A stored value this version does not know (a newer database, or damage).
    case unknownStoredValue(column: String, value: String)

    public var description: String {
        switch self {
        case .unknownTarget(let target):
            return
                "no library item or cached track '\(target)' (a target is an item id or track:<trackId>)"
        case .unknownImportTarget(let file, let path, let target):
            return
                "\(file): \(path): no library item or cached track '\(target)'; nothing was imported"
        case .invalidImportFile(let file, let path, let problem):
            return
                "\(file): \(path): \(problem); expected {\"capturedAt\": TIME, \"songs\": [{\"target\", \"playCount\"}]}, nothing was imported"
        case .unreadableImportFile(let file, let reason):
            return "\(file): cannot be read (\(reason))"
        case .invalidTime(let text):
            return "'\(text)' is not an ISO-8601 time (like 2026-11-22T10:00:00Z)"
        case .unsupportedSource(let source):
            return "plays cannot be recorded with source '\(source.rawValue)' (only app, sync and manual)"
        case .invalidSeconds(let seconds):
            return "\(seconds) is not a number of seconds played (0 or more)"
        case .unknownStoredValue(let column, let value):
            return "the database holds '\(value)' in \(column), which this version does not know"
        }
    }
}
