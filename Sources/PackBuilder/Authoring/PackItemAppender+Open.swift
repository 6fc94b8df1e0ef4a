import CatalogModel
import Foundation

extension PackItemAppender {
    /// A pack.yaml read for adding items: its text, the pack it parses to, the problems it already
    /// has, and every file it lists (each take of every item, so a file is "already listed"
    /// whichever take it is).
    struct OpenedPack {
        var text: String
        var pack: PackSource
        var problems: [Diagnostic]
        var listed: Set<String>
    }

    /// Reads and parses `packPath`; a missing or unparsable file is an error naming it.
    ///
    /// ```swift
    /// let opened = try PackItemAppender.open("packs/caves/pack.yaml")
    /// opened.listed.contains("audio/drip.wav")
    /// ```
    static func open(_ packPath: String) throws(AuthoringError) -> OpenedPack {
        guard let data = FileManager.default.contents(atPath: packPath) else {
            throw AuthoringError(
                file: packPath, message: "cannot be read; check the path or create it with `packer init`")
        }
        let text = String(decoding: data, as: UTF8.self)
        let (pack, problems) = PackSource.parse(text, file: packPath)
        guard let pack else {
            let first = problems.first { $0.severity == .error }
            throw AuthoringError(
                file: packPath, message: "fix it before adding items: \(first?.description ?? "not a pack.yaml")")
        }
        let listed = Set(pack.items.flatMap { $0.takes.map(\.file) })
        return OpenedPack(text: text, pack: pack, problems: problems, listed: listed)
    }
}
