import ArgumentParser
import CatalogFormat
import CommandSupport
import Foundation
import LibraryClient
import LibraryJSON

/// `client play TARGET --played SECONDS [--at TIME] [--source app|sync|manual]`
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Record that an item (or track:<trackId>) was played; short plays and duplicates are not stored.")

    @Argument(help: "An item id, or track:<trackId> for a cached music track.") var target: String
    @Option(help: "Seconds played.") var played: Double
    @Option(help: ArgumentHelp("When it was played (ISO-8601; default now).", valueName: "TIME")) var at: String?
    @Option(help: "app, sync or manual.") var source: PlayInputSource = .app
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let fields = PlayFields(target: target, played: played, at: at, source: source)
            _ = try fields.input()
            let library = try await global.openSyncedLibrary()
            let outcome = try await fields.record(in: library)
            if global.json { return try JSONOutput.print(PlayOutcomeJSON(outcome)) }
            switch outcome {
            case .counted(let play):
                Output.line(
                    "counted: play \(play.playID) of \(play.target) at \(ISO8601.string(play.at)) (\(play.source.rawValue))"
                )
            case .notCounted(let rejection):
                Output.line("not counted: \(Self.explain(rejection))")
            }
        }
    }

    static func explain(_ rejection: PlayRejection) -> String {
        switch rejection {
        case .short(let needed): "played too briefly; it needs \(Output.duration(needed)) to count"
        case .beforeInstall:
            "the time is before this library was installed (use --source manual to enter it anyway)"
        case .duplicate: "this play is already in the history"
        }
    }
}
