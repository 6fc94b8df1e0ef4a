import Foundation
import CatalogModel

/// Writing results for people and programs: one JSON document on stdout with `--json`,
/// messages on stderr, no stack traces.
///
/// ```swift
/// try Output.json(["packId": id])
/// Output.error("catalog.yaml:3:7: unknown kind 'musik'")
/// ```
public enum Output {
    /// Prints `value` as one JSON document (sorted keys, pretty) on stdout.
    public static func json<T: Encodable>(_ value: T) throws {
        let data = try CatalogJSON.encode(value)
        FileHandle.standardOutput.write(data)
    }

    public static func line(_ text: String) {
        print(text)
    }

    /// A message on stderr.
    public static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Text on stderr without a newline (progress bars).
    public static func raw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Whether stdout (or stderr) is a terminal, for progress bars.
    public static var isTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}
