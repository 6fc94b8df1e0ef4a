import Foundation

/// The folder of customised templates a user chose: `--templates DIR`, else
/// `$SOUNDSHELF_TEMPLATES`. Nil means the templates built into the tools, so a tool copied
/// alone into any bin folder works from any working directory.
///
/// ```swift
/// let folder = try TemplateOverride.directory(option: templates, holding: "pack.yaml")   // nil: built in
/// ```
package enum TemplateOverride {
    package static let environmentKey = "SOUNDSHELF_TEMPLATES"

    /// The chosen folder, checked to hold `name`; nil when the user chose none.
    package static func directory(option: String?, holding name: String) throws(TemplateOverrideError) -> String? {
        guard let folder = option ?? ToolEnvironment.value(of: environmentKey) else { return nil }
        let path = (folder as NSString).appendingPathComponent(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw .missing(path: path, name: name, chosenBy: option != nil ? "--templates" : environmentKey)
        }
        return folder
    }
}

/// A templates folder the user chose that lacks a template.
package enum TemplateOverrideError: Error, Equatable, CustomStringConvertible {
    /// `path` does not exist; `chosenBy` is `--templates` or the environment variable.
    case missing(path: String, name: String, chosenBy: String)

    package var description: String {
        switch self {
        case .missing(let path, let name, let chosenBy):
            "template not found: \(path) (folder from \(chosenBy)); copy templates/\(name) from the Soundshelf "
                + "repository into that folder, or leave out \(chosenBy) to use the built-in template"
        }
    }
}
