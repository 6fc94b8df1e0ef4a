import Foundation

/// A fresh folder under the system temporary directory, removed when the value is released.
///
/// ```swift
/// let tmp = try TemporaryDirectory()
/// let file = tmp.path("pack.yaml")
/// ```
public final class TemporaryDirectory: @unchecked Sendable {
    /// Immutable after init; removal happens once, in deinit.
    public let url: URL

    public init(prefix: String = "soundshelf-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The absolute path of `relative` inside the folder.
    public func path(_ relative: String = "") -> String {
        relative.isEmpty ? url.path : url.appendingPathComponent(relative).path
    }

    /// Writes `text` to `relative`, creating folders as needed; returns the absolute path.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, Data(text.utf8))
    }

    @discardableResult
    public func write(_ relative: String, _ data: Data) throws -> String {
        let target = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
        return target.path
    }

    public func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }
}
