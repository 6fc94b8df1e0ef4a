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

    @Argument(help: "Audio files (WAV, AIFF, FLAC, Ogg Vorbis/Opus, MP3, M4A).")
    var files: [String]

    @OptionGroup var output: OutputOptions

    func run() throws {
        let added = try CommandRunner.run {
            try PackItemAppender.add(files: files, to: pack, probe: AudioCheck.probe)
        }
        if output.json {
            try Output.json(["added": added])
        } else {
            for item in added { Output.line("added \(item.title) (\(item.file)) as \(item.id)") }
            if added.isEmpty { Output.line("nothing added: every file is already listed") }
        }
    }
}
