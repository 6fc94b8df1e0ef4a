import ArgumentParser
import CatalogModel
import CommandSupport
import PackBuilder

/// `packer add DIR/pack.yaml FILE…`: one new item per audio file.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Append one item per audio file to a pack.yaml (fresh UUIDs, filled from what the file says).",
        discussion: """
            Each new item is filled from the file, in this order of precedence: iXML (ASWG fields), \
            bext, a UCS file name (CatID_FXName_CreatorID_SourceID), the format's tags (Vorbis comments, \
            ID3, MP4), then the file name. Files outside the pack folder are copied into its audio/ folder. \
            The rest of pack.yaml is left as written.
            """
    )

    @Argument(help: "The pack.yaml to add to.")
    var pack: String

    @Argument(help: "Audio files (WAV, AIFF, FLAC, Ogg Vorbis/Opus, MP3, M4A), one item each.")
    var files: [String] = []

    @Option(
        parsing: .upToNextOption,
        help: "Two or more audio files added as ONE item with several takes (recordings), in this order.")
    var takes: [String] = []

    @Option(help: "The title of the item added with --takes (default: from the first file's name).")
    var title: String?

    @Flag(
        help:
            "Print what would be added (title, subtitle, UCS, tags, credits, and where each came from); write nothing.")
    var dryRun = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if !takes.isEmpty && !files.isEmpty {
            throw ValidationError("give the files either as takes of one item (--takes) or one item each, not both")
        }
        if takes.isEmpty && files.isEmpty { throw ValidationError("give one or more audio files, or --takes FILE…") }
        if takes.isEmpty && title != nil { throw ValidationError("--title goes with --takes") }
        if dryRun && !takes.isEmpty { throw ValidationError("--dry-run goes with one item per file, not --takes") }
    }

    func run() throws {
        let result = try CommandRunner.run {
            takes.isEmpty
                ? try PackItemAppender.add(files: files, to: pack, dryRun: dryRun, probe: AudioCheck.probeReadingTags)
                : PackItemAppender.Result(
                    items: [
                        try PackItemAppender.addTakes(files: takes, title: title, to: pack, probe: AudioCheck.probe)
                    ])
        }
        for warning in result.warnings { Output.error("warning: \(warning)") }
        if output.json {
            try Output.json(dryRun ? ["wouldAdd": result.items] : ["added": result.items])
        } else if dryRun {
            for item in result.items { Output.line(Self.describe(item)) }
            Output.line(
                result.items.isEmpty
                    ? "nothing to add: every file is already listed"
                    : "dry run: \(result.items.count) item(s) would be added; \(pack) is unchanged")
        } else {
            for item in result.items {
                let files = item.files.map { "\($0.count) takes: \($0.joined(separator: ", "))" } ?? item.file
                Output.line("added \(item.title) (\(files)) as \(item.id)")
            }
            if result.items.isEmpty { Output.line("nothing added: every file is already listed") }
        }
    }

    /// `would add audio/x.wav` then one line per value with its source.
    static func describe(_ item: PackItemAppender.Added) -> String {
        let sources = item.sources ?? [:]
        func line(_ key: String, _ value: String?) -> String? {
            value.map { "  \(key): \($0)" + (sources[key].map { "  (from \($0))" } ?? "") }
        }
        let tags = item.tags.map {
            $0.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.joined(separator: ", "))" }
        }
        return
            (["would add \(item.file)"]
            + [
                line("title", item.title), line("subtitle", item.subtitle), line("ucs", item.ucs),
                line("tags", tags?.joined(separator: "; ")), line("loopable", item.loopable.map(String.init)),
                line("credits", item.credits?.joined(separator: ", ")),
            ].compactMap { $0 }).joined(separator: "\n")
    }
}
