import Foundation

/// Finds the `templates/` folder: `$SOUNDSHELF_TEMPLATES`, then `./templates`, then the
/// nearest `templates/` above the running executable (so `.build/debug/packer` inside a
/// checkout finds the checkout's templates).
///
/// ```swift
/// let path = TemplateLocator.find("pack.yaml")   // "/repo/templates/pack.yaml"
/// ```
public enum TemplateLocator {
    public static func find(_ name: String) -> String? {
        directory(containing: name).map { ($0 as NSString).appendingPathComponent(name) }
    }

    public static func directory(containing name: String) -> String? {
        let fm = FileManager.default
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["SOUNDSHELF_TEMPLATES"] { candidates.append(env) }
        candidates.append((fm.currentDirectoryPath as NSString).appendingPathComponent("templates"))
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        if let exe = Bundle.main.executableURL { folder = exe.resolvingSymlinksInPath().deletingLastPathComponent() }
        for _ in 0..<6 {
            candidates.append(folder.appendingPathComponent("templates").path)
            folder.deleteLastPathComponent()
        }
        return candidates.first { fm.fileExists(atPath: ($0 as NSString).appendingPathComponent(name)) }
    }
}
