import Foundation

/// The soundboard page's files (HTML, CSS, JavaScript, SVG): built into the binary, or read from a
/// folder the user chose (`--templates DIR` / `SOUNDSHELF_TEMPLATES`, holding `soundboard/`) on
/// every request, so the page can be edited without rebuilding.
package enum SoundboardPage: Sendable {
    case builtIn
    case folder(URL)

    /// The folder inside a templates folder that holds the page.
    package static let folderName = "soundboard"

    /// The file `name` (a plain file name, no path) and its content type; nil when there is none.
    func file(_ name: String) -> (data: Data, contentType: String)? {
        guard Self.isPlainName(name), let type = Self.contentType(of: name) else { return nil }
        switch self {
        case .builtIn:
            return BuiltInSoundboard.files[name].map { (Data($0.utf8), type) }
        case .folder(let folder):
            let url = folder.appendingPathComponent(name)
            return (try? Data(contentsOf: url)).map { ($0, type) }
        }
    }

    /// A file name without separators, dot-dot or a leading dot.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains(where: { "/\\%\0".contains($0) })
    }

    static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml", "json": "application/json; charset=utf-8",
        "txt": "text/plain; charset=utf-8", "webmanifest": "application/manifest+json",
    ]

    /// The content type by extension; nil for an extension the page does not use.
    static func contentType(of name: String) -> String? {
        contentTypes[(name as NSString).pathExtension.lowercased()]
    }
}
