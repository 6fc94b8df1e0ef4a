import ArgumentParser
import CatalogModel
import CommandSupport
import PackBuilder

/// `packer add DIR/pack.yaml FILE…`: one new item per audio file.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Append one item per audio file to a pack.yaml (fresh UUIDs, title from the file name).",
        discussion:
            "Files outside the pack folder are copied into its audio/ folder. The rest of pack.yaml is left as written."
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

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if !takes.isEmpty && !files.isEmpty {
            throw ValidationError("give the files either as takes of one item (--takes) or one item each, not both")
        }
        if takes.isEmpty && files.isEmpty { throw ValidationError("give one or more audio files, or --takes FILE…") }
        if takes.isEmpty && title != nil { throw ValidationError("--title goes with --takes") }
    }

    func run() throws {
        let added = try CommandRunner.run {
            takes.isEmpty
                ? try PackItemAppender.add(files: files, to: pack, probe: AudioCheck.probe)
                : [try PackItemAppender.addTakes(files: takes, title: title, to: pack, probe: AudioCheck.probe)]
        }
        if output.json {
            try Output.json(["added": added])
        } else {
            for item in added {
                let files = item.files.map { "\($0.count) takes: \($0.joined(separator: ", "))" } ?? item.file
                Output.line("added \(item.title) (\(files)) as \(item.id)")
            }
            if added.isEmpty { Output.line("nothing added: every file is already listed") }
        }
    }
}
