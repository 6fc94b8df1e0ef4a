import Foundation
import TestSupport
import Testing

/// `scripts/install PREFIX` lays out the tools and their shell completions. This test installs
/// the tools already built for the tests (SOUNDSHELF_INSTALL_BIN), so it needs no release
/// build; `scripts/test-install` runs the whole install (release build, man pages) and is
/// slow, so it stays out of `swift test`.
@Suite(.serialized, .startsProcesses)
struct InstallScriptTests {
    @Test func installsTheToolsAndCompletionsForBashZshAndFish() throws {
        let tmp = try TemporaryDirectory(prefix: "install")
        let prefix = tmp.path("prefix")
        let script = ToolRunner.repositoryRoot.appendingPathComponent("scripts/install")
        let run = try ToolRunner.run(
            executable: script, [prefix],
            environment: ["SOUNDSHELF_INSTALL_BIN": ToolRunner.productsDirectory.path],
            directory: tmp.path())
        #expect(run.status == 0, "\(run.stderr)")
        let fm = FileManager.default
        for tool in ["packer", "catalog", "client"] {
            #expect(fm.isExecutableFile(atPath: "\(prefix)/bin/\(tool)"))
            let bash = try #require(tmp.read("prefix/share/bash-completion/completions/\(tool)"))
            #expect(bash.contains("-F _\(tool) \(tool)"))
            let zsh = try #require(tmp.read("prefix/share/zsh/site-functions/_\(tool)"))
            #expect(zsh.hasPrefix("#compdef \(tool)"))
            let fish = try #require(tmp.read("prefix/share/fish/vendor_completions.d/\(tool).fish"))
            #expect(fish.contains("complete -c '\(tool)'"))
        }
        // Completions know the subcommands and the new options.
        let packer = try #require(tmp.read("prefix/share/bash-completion/completions/packer"))
        #expect(["validate", "init", "add", "build", "--templates"].allSatisfy(packer.contains))
        let catalog = try #require(tmp.read("prefix/share/zsh/site-functions/_catalog"))
        #expect(["publish", "keygen", "verify", "--templates"].allSatisfy(catalog.contains))
        // The installed copy runs on its own.
        let made = try ToolRunner.run(
            executable: URL(fileURLWithPath: "\(prefix)/bin/packer"),
            ["init", "caves", "--kind", "sfx", "--title", "Caves"], directory: tmp.path())
        #expect(made.status == 0, "\(made.stderr)")
        #expect(fm.fileExists(atPath: tmp.path("caves/pack.yaml")))
    }
}
