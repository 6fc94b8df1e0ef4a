import Foundation

/// The repository's demo catalog (`catalog/`), copied where a test may change it.
///
/// ```swift
/// let tmp = try TemporaryDirectory()
/// let pack = try DemoCatalog.copyPack("dungeon-delve", into: tmp)   // …/dungeon-delve/pack.yaml
/// ```
public enum DemoCatalog {
    public static var directory: URL { ToolRunner.repositoryRoot.appendingPathComponent("catalog") }

    /// Copies `catalog/packs/<slug>` into `tmp/<slug>`; returns the copied pack.yaml path.
    @discardableResult
    public static func copyPack(_ slug: String, into tmp: TemporaryDirectory, as name: String? = nil) throws -> String {
        let target = tmp.url.appendingPathComponent(name ?? slug)
        try FileManager.default.copyItem(at: directory.appendingPathComponent("packs/\(slug)"), to: target)
        return target.appendingPathComponent("pack.yaml").path
    }

    /// Copies the whole `catalog/` folder into `tmp/catalog`; returns its path.
    @discardableResult
    public static func copyCatalog(into tmp: TemporaryDirectory) throws -> String {
        let target = tmp.url.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: directory, to: target)
        return target.path
    }

    /// Replaces the first occurrence of `old` with `new` in a text file.
    public static func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let range = text.range(of: old) else { throw CocoaError(.fileReadCorruptFile) }
        try text.replacingCharacters(in: range, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }
}
