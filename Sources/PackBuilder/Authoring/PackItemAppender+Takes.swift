import CatalogModel
import Foundation

extension PackItemAppender {
    /// `packer add pack.yaml --takes a.wav b.wav c.wav --title "Sword Clash"`: appends ONE item
    /// whose `files:` lists every file as a take, in the order given (fresh UUID; the title from
    /// `title`, else from the first file's name). Files outside the pack folder are copied into
    /// `audio/`; the rest of pack.yaml is left as written.
    ///
    /// ```swift
    /// let item = try PackItemAppender.addTakes(files: ["clash-1.wav", "clash-2.wav"], title: "Sword Clash", to: "pack.yaml")
    /// item.files   // ["audio/clash-1.wav", "audio/clash-2.wav"]
    /// ```
    public static func addTakes(
        files: [String], title: String?, to packPath: String, probe: (String) throws -> Void = { _ in }
    ) throws(AuthoringError) -> Added {
        guard files.count >= 2 else {
            throw AuthoringError(
                file: packPath, message: "--takes needs two or more audio files; add a single file without --takes")
        }
        let opened = try open(packPath)
        var copies: [(from: String, to: String)] = []
        var relatives: [String] = []
        for file in files {
            let relative = try placement(of: file, in: opened.pack.directory, copies: &copies)
            if opened.listed.contains(relative) {
                throw AuthoringError(
                    file: file, message: "is already listed in \(packPath) as \(relative); take it out of --takes")
            }
            if relatives.contains(relative) {
                throw AuthoringError(file: file, message: "is given twice; each take is its own recording")
            }
            do { try probe(file) } catch { throw AuthoringError(file: file, message: "\(error)") }
            relatives.append(relative)
        }
        let name = title?.trimmingCharacters(in: .whitespacesAndNewlines)
        let added = Added(
            id: CanonicalID.random(),
            title: name.flatMap { $0.isEmpty ? nil : $0 } ?? Self.title(fromFileName: files[0]),
            file: relatives[0], files: relatives)
        try write([added], copies: copies, into: opened.text, problems: opened.problems, file: packPath)
        return added
    }
}
