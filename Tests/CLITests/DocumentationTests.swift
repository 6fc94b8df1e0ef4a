import Foundation
import TestSupport
import Testing

/// The repository describes itself: docs/FORMAT.md names every command and flag the built tools
/// offer, and the README and docs link only to files inside the repository.
@Suite(.serialized, .startsProcesses)
struct DocumentationTests {
    static let root = ToolRunner.repositoryRoot

    static func format() throws -> String {
        try String(contentsOf: root.appendingPathComponent("docs/FORMAT.md"), encoding: .utf8)
    }

    /// The subcommand names a tool's `--help` lists.
    static func subcommands(of tool: String) throws -> [String] {
        let help = try ToolRunner.run(tool, ["--help"]).stdout
        guard let start = help.range(of: "SUBCOMMANDS:") else { return [] }
        return help[start.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first,
                name.allSatisfy({ $0.isLowercase || $0 == "-" })
            else { return nil }
            return String(name)
        }
    }

    @Test(arguments: ["packer", "catalog", "client"])
    func formatNamesEveryCommandAndFlag(tool: String) throws {
        let format = try Self.format()
        let commands = try Self.subcommands(of: tool)
        #expect(commands.count >= 3, "\(tool) --help lists its subcommands")
        var missing: [String] = []
        for command in commands {
            if !format.contains("`\(tool) \(command)") { missing.append("\(tool) \(command)") }
            let usage = try ToolRunner.run(tool, [command, "--help"]).stdout
            let line = usage.split(separator: "\n").first { $0.hasPrefix("USAGE:") } ?? ""
            let flags = line.split(whereSeparator: { " []<>.".contains($0) }).filter { $0.hasPrefix("--") }
            for flag in Set(flags).sorted() where flag != "--help" {
                if !format.contains(try Regex("\(flag)(?![a-z-])")) { missing.append("\(tool) \(command) \(flag)") }
            }
        }
        #expect(missing.isEmpty, "docs/FORMAT.md does not describe: \(missing.joined(separator: ", "))")
    }

    @Test func readmeAndDocsLinkOnlyInsideTheRepository() throws {
        let fm = FileManager.default
        var files = ["README.md", "fuzz/README.md", "dist/README.md"]
        files += try fm.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        var checked = 0
        for file in files where fm.fileExists(atPath: Self.root.appendingPathComponent(file).path) {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: link) {
                let target = String(text[match.output[1].range!])
                if target.hasPrefix("#") { continue }
                checked += 1
                #expect(!target.contains("://"), "\(file) links outside the repository: \(target)")
                let path = target.split(separator: "#").first.map(String.init) ?? target
                let base = Self.root.appendingPathComponent(file).deletingLastPathComponent()
                let resolved = base.appendingPathComponent(path).standardizedFileURL.path
                #expect(
                    resolved.hasPrefix(Self.root.standardizedFileURL.path + "/"),
                    "\(file) links outside the repository: \(target)")
                #expect(fm.fileExists(atPath: resolved), "\(file) links to a missing file: \(target)")
            }
        }
        #expect(checked >= 10)
    }
}
