import CatalogFormat
import Foundation

/// Writing results for people and programs: one JSON document on stdout with `--json`,
/// aligned tables and lines for people, messages on stderr, no stack traces.
///
/// ```swift
/// try Output.json(["packId": id])
/// Output.table(["ID", "TITLE"], [["1", "Forest"]])
/// Output.error("catalog.yaml:3:7: error: unknown kind 'musik'")
/// ```
public enum Output {
    /// Prints `value` as one JSON document (sorted keys, pretty, unescaped slashes) on stdout.
    public static func json<T: Encodable>(_ value: T) throws {
        FileHandle.standardOutput.write(try CatalogJSON.encode(value))
    }

    /// One line on stdout.
    public static func line(_ text: String = "") {
        var line = text + "\n"
        // The bytes copied as they lie: Data(line.utf8) asks the runtime which protocols the view
        // conforms to, a first time costing a fresh process about 0.1 ms.
        line.withUTF8 { FileHandle.standardOutput.write(Data(bytes: $0.baseAddress!, count: $0.count)) }
    }

    /// An aligned table on stdout: a header row, then the rows; columns padded to their widest cell.
    public static func table(_ header: [String], _ rows: [[String]]) {
        line(Table(header, rows).render())
    }

    /// A message on stderr.
    public static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Text on stderr without a newline (progress bars).
    public static func raw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Whether stderr is a terminal, for progress bars.
    public static var isTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// A duration for people: `2.5s`, `3:07`, `1:02:03`; `-` when unknown.
    public static func duration(_ seconds: Double?) -> String {
        guard let seconds else { return "-" }
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let total = Int(seconds.rounded())
        return total >= 3600
            ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
            : String(format: "%d:%02d", total / 60, total % 60)
    }

    /// A byte count for people (``ByteFormat``); `-` when unknown.
    public static func bytes(_ count: Int64?) -> String {
        count.map(ByteFormat.string) ?? "-"
    }
}
