import Foundation

/// Where an author's file reference may point: a regular file, inside the pack folder (no
/// absolute path, no `..`, no symlink leading outside).
///
/// ```swift
/// FileRules.check("audio/door.wav", in: packFolder)   // nil when fine, else a message
/// ```
public enum FileRules {
    public static func check(_ relative: String, in directory: URL) -> String? {
        if relative.hasPrefix("/") || relative.hasPrefix("~") {
            return
                "'\(relative)' is an absolute path; write it relative to pack.yaml and keep the file inside the pack folder"
        }
        if relative.split(separator: "/").contains("..") {
            return "'\(relative)' leaves the pack folder ('..'); move the file inside the pack folder"
        }
        let url = directory.appendingPathComponent(relative)
        let fm = FileManager.default
        guard fm.fileExists(atPath: url.path) else {
            return "'\(relative)' does not exist; check the path (relative to pack.yaml)"
        }
        let resolved = url.resolvingSymlinksInPath().path
        let root = directory.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            return "'\(relative)' is a link to \(resolved), outside the pack folder; copy the file into the pack folder"
        }
        let type = (try? fm.attributesOfItem(atPath: resolved)[.type] as? FileAttributeType) ?? nil
        if type != .typeRegular {
            return "'\(relative)' is not a regular file; point at an audio file"
        }
        return nil
    }
}
