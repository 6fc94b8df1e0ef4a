import AudioProbe
import CatalogModel
import Foundation
import Yams

/// `packer add`: appends one item per audio file to a pack.yaml, with fresh UUIDs, filled from
/// what each file says (iXML/ASWG, bext, a UCS file name, format tags, else a title made from
/// the file name; see ``FileMetadata``), leaving the rest of the author's text and comments
/// untouched. A file outside the pack folder is copied into its `audio/` folder first.
///
/// ```swift
/// let added = try PackItemAppender.add(files: ["~/rec/door-creak.wav"], to: "packs/dungeon/pack.yaml")
/// added.items.first?.title   // "Door Creak"
/// ```
public enum PackItemAppender {
    public struct Added: Sendable, Codable {
        public var id: String
        public var title: String
        /// The file, or take 0's for an item with takes.
        public var file: String
        /// Every take's file in order, for an item added with takes; nil otherwise.
        public var files: [String]? = nil
        /// The description the file gives (iXML NOTE, bext Description, a format's description).
        public var subtitle: String? = nil
        /// The UCS CatID the file gives (iXML catId or its UCS name).
        public var ucs: String? = nil
        /// Tags by `tags` key: the UCS category and subcategory in catalog.yaml's `ucs.dimension`.
        public var tags: [String: [String]]? = nil
        /// True when the file says it loops (ASWG `isLoop`).
        public var loopable: Bool? = nil
        /// The creator the file names, as the item's credits (unless the pack has credits).
        public var credits: [String]? = nil
        /// Where each value came from: `title` → `iXML`, `bext`, `UCS file name`, `ID3 tags`,
        /// `MP4 tags`, `Vorbis comments` or `file name`.
        public var sources: [String: String]? = nil
    }

    /// The items `add` appended (or, for a dry run, would append) and what it noticed on the way.
    public struct Result: Sendable, Codable {
        public var items: [Added]
        /// Tags left out as damaged, CatIDs that look misspelt; each names its file.
        public var warnings: [String]

        public init(items: [Added], warnings: [String] = []) {
            self.items = items
            self.warnings = warnings
        }
    }

    /// Appends one item per file not yet listed. With `dryRun`, reads everything and writes
    /// nothing (no pack.yaml change, no copy into `audio/`). `probe` checks each file and may
    /// hand over its tags (read in the same open, ``AudioCheck/probeReadingTags(_:)``); when it
    /// returns nil they are read here.
    public static func add(
        files: [String], to packPath: String, dryRun: Bool = false,
        probe: (String) throws -> EmbeddedMetadata? = { _ in nil }
    ) throws(AuthoringError) -> Result {
        let opened = try open(packPath)
        let context = FillContext(pack: opened.pack)
        var result = Result(items: [], warnings: [])
        var copies: [(from: String, to: String)] = []
        for file in files {
            let relative = try placement(of: file, in: opened.pack.directory, copies: &copies)
            if opened.listed.contains(relative) || result.items.contains(where: { $0.file == relative }) { continue }
            let tags: EmbeddedMetadata?
            do { tags = try probe(file) } catch { throw AuthoringError(file: file, message: "\(error)") }
            let (item, warnings) = filled(file, relative: relative, context: context, tags: tags)
            result.items.append(item)
            result.warnings += warnings
        }
        guard !result.items.isEmpty else { return result }
        if dryRun {
            _ = try checkedText(result.items, into: opened.text, problems: opened.problems, file: packPath)
        } else {
            try write(result.items, copies: copies, into: opened.text, problems: opened.problems, file: packPath)
        }
        return result
    }

    /// Inserts `added` into the pack text, checks the result still parses, copies the files
    /// planned for `audio/` and replaces pack.yaml in one rename.
    static func write(
        _ added: [Added], copies: [(from: String, to: String)], into text: String, problems: [Diagnostic],
        file packPath: String
    ) throws(AuthoringError) {
        let updated = try checkedText(added, into: text, problems: problems, file: packPath)
        do {
            for copy in copies {
                try FileManager.default.createDirectory(
                    atPath: (copy.to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: copy.from, toPath: copy.to)
            }
            try AtomicFile.write(Data(updated.utf8), to: packPath)
        } catch {
            throw AuthoringError(file: packPath, message: "cannot be updated: \(error)")
        }
    }

    /// The pack text with `added` inserted, parsed again: an error when it would add a problem.
    static func checkedText(_ added: [Added], into text: String, problems: [Diagnostic], file packPath: String)
        throws(AuthoringError) -> String
    {
        let updated = try insert(added, into: text, file: packPath)
        let (check, after) = PackSource.parse(updated, file: packPath)
        guard check != nil, !after.contains(where: { $0.severity == .error && !problems.contains($0) }) else {
            throw AuthoringError(
                file: packPath, message: "adding the items would make the file invalid; check its `items:` list")
        }
        return updated
    }

    /// "door-creak_02.wav" → "Door Creak 02".
    public static func title(fromFileName path: String) -> String {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let words = base.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " || $0 == "." })
        let title = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        return title.isEmpty ? base : title
    }

    /// The path relative to the pack folder; a file outside it is planned for copying to `audio/`.
    static func placement(of file: String, in directory: URL, copies: inout [(from: String, to: String)])
        throws(AuthoringError) -> String
    {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: file, isDirectory: &isDir), !isDir.boolValue else {
            throw AuthoringError(file: file, message: "no such audio file; check the path")
        }
        let absolute = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
        let root = directory.resolvingSymlinksInPath().path + "/"
        if absolute.hasPrefix(root) { return String(absolute.dropFirst(root.count)) }
        let relative = "audio/" + (file as NSString).lastPathComponent
        let target = directory.appendingPathComponent(relative).path
        if fm.fileExists(atPath: target) {
            throw AuthoringError(file: file, message: "the pack already has a different \(relative); rename the file")
        }
        copies.append((file, target))
        return relative
    }

    /// Inserts item text at the end of the `items:` block (block style), or replaces `items: []`.
    static func insert(_ items: [Added], into text: String, file: String) throws(AuthoringError) -> String {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        guard let itemsLine = lines.firstIndex(where: { $0.hasPrefix("items:") }) else {
            throw AuthoringError(file: file, message: "has no top-level `items:` key; add a line `items:` at the end")
        }
        let rest =
            lines[itemsLine].dropFirst("items:".count).split(separator: "#", maxSplits: 1).first?
            .trimmingCharacters(in: .whitespaces) ?? ""
        if rest == "[]" {
            lines[itemsLine] = "items:"
        } else if !rest.isEmpty {
            throw AuthoringError(
                file: file, message: "`items:` is written inline; write it as a block list to use `packer add`")
        }
        var end = itemsLine + 1
        var found: String?
        while end < lines.count {
            let line = lines[end]
            if let first = line.first, !first.isWhitespace, first != "#", first != "-" { break }
            if found == nil, let dash = line.firstIndex(of: "-"), line[..<dash].allSatisfy({ $0 == " " }) {
                found = String(line[..<dash])
            }
            end += 1
        }
        let indent = found ?? "  "
        while end > itemsLine + 1, lines[end - 1].trimmingCharacters(in: .whitespaces).isEmpty { end -= 1 }
        let block = items.flatMap { itemLines($0, indent: indent) }
        lines.insert(contentsOf: block, at: end)
        return lines.joined(separator: "\n") + "\n"
    }
}
