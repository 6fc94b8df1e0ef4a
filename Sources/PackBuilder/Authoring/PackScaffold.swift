import CatalogModel
import Foundation

/// `packer init`: a new pack folder with a pack.yaml made from `templates/pack.yaml` (fresh
/// UUID, slug from the title) and an empty `audio/` folder.
///
/// ```swift
/// let made = try PackScaffold.create(in: "packs/caves", kind: .sfx, title: "Cave Sounds",
///                                    template: templateText)
/// made.slug   // "cave-sounds"
/// ```
public enum PackScaffold {
    public struct Result: Sendable, Codable {
        public var path: String
        public var id: String
        public var slug: String
        public var kind: Kind
    }

    /// `templateDirectory` is the folder the template was read from: the template's editor
    /// modeline (`# yaml-language-server: $schema=…`) is rewritten to point at the same schema
    /// from the new pack's folder.
    public static func create(
        in directory: String, kind: Kind, title: String, slug: String? = nil,
        template: String, templateDirectory: String? = nil
    ) throws(AuthoringError) -> Result {
        guard kind.isPackKind else {
            throw AuthoringError(
                file: directory, message: "a pack is atmosphere or sfx; music entries go in catalog.yaml")
        }
        let trimmed = TagName.normalize(title)
        guard !trimmed.isEmpty else {
            throw AuthoringError(file: directory, message: "the title must not be empty; pass --title \"…\"")
        }
        let slug = slug ?? Slug.make(from: trimmed)
        guard Slug.isValid(slug) else {
            throw AuthoringError(file: directory, message: "slug '\(slug)' may use only a-z, 0-9 and '-'")
        }
        let fm = FileManager.default
        let path = (directory as NSString).appendingPathComponent("pack.yaml")
        if fm.fileExists(atPath: path) {
            throw AuthoringError(file: path, message: "already exists; edit it, or choose another folder")
        }
        let id = CanonicalID.random()
        let linked = templateDirectory.map { relinkingSchema(in: template, from: $0, to: directory) } ?? template
        let text =
            linked
            .replacingOccurrences(of: "{{id}}", with: id)
            .replacingOccurrences(of: "{{slug}}", with: slug)
            .replacingOccurrences(of: "{{kind}}", with: kind.rawValue)
            .replacingOccurrences(of: "{{title}}", with: YAMLText.quoted(trimmed))
        let (pack, problems) = PackSource.parse(text, file: path)
        guard pack != nil, !problems.contains(where: { $0.severity == .error }) else {
            throw AuthoringError(
                file: path,
                message:
                    "the template does not give a valid pack.yaml: \(problems.map(\.message).joined(separator: "; "))")
        }
        do {
            try fm.createDirectory(
                atPath: (directory as NSString).appendingPathComponent("audio"), withIntermediateDirectories: true)
            try AtomicFile.write(Data(text.utf8), to: path)
        } catch {
            throw AuthoringError(file: path, message: "cannot be written: \(error.localizedDescription)")
        }
        return Result(path: path, id: id, slug: slug, kind: kind)
    }
}

/// A problem with an authoring operation (`packer init`, `packer add`), naming the file.
public struct AuthoringError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): error: \(message)" }
}
