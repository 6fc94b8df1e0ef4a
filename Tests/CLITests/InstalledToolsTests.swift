import Foundation
import TestSupport
import Testing

/// The three tools copied alone into a `bin/` folder and run from a folder that has nothing to
/// do with the repository, as after an install: nothing may depend on the checkout or on the
/// working directory.
@Suite(.serialized, .startsProcesses)
struct InstalledToolsTests {
    /// A `bin/` holding only copies of `packer`, `catalog` and `client`, and an empty working
    /// folder beside it, both in a fresh temporary folder outside the repository.
    struct Installation {
        let tmp: TemporaryDirectory
        let bin: URL
        let work: String

        init() throws {
            tmp = try TemporaryDirectory(prefix: "installed")
            bin = tmp.url.appendingPathComponent("bin")
            work = tmp.path("work")
            let fm = FileManager.default
            try fm.createDirectory(at: bin, withIntermediateDirectories: true)
            try fm.createDirectory(atPath: work, withIntermediateDirectories: true)
            for tool in ["packer", "catalog", "client"] {
                try fm.copyItem(
                    at: ToolRunner.productsDirectory.appendingPathComponent(tool), to: bin.appendingPathComponent(tool))
            }
        }

        func run(_ tool: String, _ arguments: [String]) throws -> ToolRunner.Result {
            try ToolRunner.run(executable: bin.appendingPathComponent(tool), arguments, directory: work)
        }
    }

    /// The folders from `path` up to `/` that hold a `templates/` folder.
    static func templateFolders(above path: String) -> [String] {
        var folder = URL(fileURLWithPath: path)
        var found: [String] = []
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("templates").path) {
                found.append(folder.path)
            }
            if folder.path == "/" { return found }
            folder.deleteLastPathComponent()
        }
    }

    @Test func initAddAndPublishWorkFromAnUnrelatedFolder() throws {
        let installed = try Installation()
        #expect(!installed.work.hasPrefix(ToolRunner.repositoryRoot.path))
        #expect(Self.templateFolders(above: installed.work).isEmpty, "no templates/ folder may help the tools")
        try FileManager.default.copyItem(
            at: DemoCatalog.directory, to: URL(fileURLWithPath: installed.work).appendingPathComponent("catalog"))

        let made = try installed.run(
            "packer", ["init", "catalog/packs/caves", "--kind", "sfx", "--title", "Cave Sounds"])
        #expect(made.status == 0, "\(made.stderr)")
        let wav = installed.tmp.path("recordings/cave-drip.wav")
        try FileManager.default.createDirectory(
            atPath: installed.tmp.path("recordings"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: DemoCatalog.directory.appendingPathComponent("packs/dungeon-delve/audio/door-creak.wav").path,
            toPath: wav)
        let added = try installed.run("packer", ["add", "catalog/packs/caves/pack.yaml", wav])
        #expect(added.status == 0, "\(added.stderr)")
        // The author fills in the license line packer init wrote (without one, publishing warns).
        try DemoCatalog.edit(
            "\(installed.work)/catalog/packs/caves/pack.yaml", replacing: "license: ", with: "license: CC0-1.0 ")
        let published = try installed.run("catalog", ["publish", "dist", "--source", "catalog"])
        #expect(published.status == 0, "\(published.stderr)")
        #expect(!published.stderr.contains("warning"), "\(published.stderr)")

        let page = try #require(
            FileManager.default.contents(atPath: "\(installed.work)/dist/index.html"),
            "catalog publish wrote no index.html")
        let html = String(decoding: page, as: UTF8.self)
        #expect(html.contains("<title>Soundshelf Demo Catalog</title>"))
        #expect(html.contains("Cave Sounds"), "the pack made by packer init is listed")
        #expect(html.contains("Dungeon Delve"), "the demo catalog's packs are listed")
        let packPage = try #require(
            html.firstMatch(of: /href="(pages\/[0-9a-f-]+\.html)">Cave Sounds</)?.output.1,
            "the top page links the new pack's page")
        let packHTML = String(
            decoding: FileManager.default.contents(atPath: "\(installed.work)/dist/\(packPage)") ?? Data(),
            as: UTF8.self)
        #expect(packHTML.contains("Cave Drip"), "the item added by packer add is listed on its pack's page")

        let client = try installed.run("client", ["--help"])
        #expect(client.status == 0, "\(client.stderr)")
    }

    @Test func customisedTemplatesReplaceTheBuiltInOnes() throws {
        let installed = try Installation()
        let custom = installed.tmp.path("my-templates")
        try installed.tmp.write(
            "my-templates/pack.yaml",
            """
            # Our studio's pack template
            id: {{id}}
            slug: {{slug}}
            kind: {{kind}}
            title: {{title}}
            version: 1
            items:

            """)
        try installed.tmp.write(
            "my-templates/index.html.mustache", "<h1>Custom {{title}}</h1>{{#packs}}<p>{{title}}</p>{{/packs}}\n")
        try FileManager.default.copyItem(
            at: DemoCatalog.directory, to: URL(fileURLWithPath: installed.work).appendingPathComponent("catalog"))

        let made = try installed.run(
            "packer", ["init", "caves", "--kind", "sfx", "--title", "Caves", "--templates", custom])
        #expect(made.status == 0, "\(made.stderr)")
        let yaml = try #require(installed.tmp.read("work/caves/pack.yaml"))
        #expect(yaml.hasPrefix("# Our studio's pack template\n"))
        let published = try installed.run("catalog", ["publish", "dist", "--templates", custom])
        #expect(published.status == 0, "\(published.stderr)")
        let html = try #require(installed.tmp.read("work/dist/index.html"))
        #expect(html.hasPrefix("<h1>Custom Soundshelf Demo Catalog</h1>") && html.contains("<p>Dungeon Delve</p>"))

        // A folder without the template is refused before anything is written, naming the path.
        let empty = installed.tmp.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let refused = try installed.run("catalog", ["publish", "dist2", "--templates", empty])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(empty)/index.html.mustache") && refused.stderr.contains("--templates"))
        #expect(!FileManager.default.fileExists(atPath: installed.tmp.path("work/dist2")))
        let noPackTemplate = try installed.run(
            "packer", ["init", "other", "--kind", "sfx", "--title", "O", "--templates", empty])
        #expect(noPackTemplate.status == 1 && noPackTemplate.stderr.contains("\(empty)/pack.yaml"))
        #expect(!FileManager.default.fileExists(atPath: installed.tmp.path("work/other")))
    }
}
