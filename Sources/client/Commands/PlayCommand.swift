import ArgumentParser
import CatalogModel
import CommandSupport
import Foundation
import LibraryClient

/// `client play TARGET --played SECONDS [--at TIME] [--source app|sync|manual]`
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Record that an item (or track:<trackId>) was played; short plays and duplicates are not stored.")

    enum Source: String, ExpressibleByArgument, CaseIterable {
        case app, sync, manual
        var playSource: PlaySource { PlaySource(rawValue: rawValue) ?? .app }
    }

    @Argument(help: "An item id, or track:<trackId> for a cached music track.") var target: String
    @Option(help: "Seconds played.") var played: Double
    @Option(help: ArgumentHelp("When it was played (ISO-8601; default now).", valueName: "TIME")) var at: String?
    @Option(help: "app, sync or manual.") var source: Source = .app
    @OptionGroup var global: GlobalOptions

    struct Counted: Encodable {
        let counted = true
        let playId, target, at, source: String
    }
    struct NotCounted: Encodable {
        let reason: String
        let needed: Double?
        enum CodingKeys: String, CodingKey { case counted, reason, needed }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(false, forKey: .counted)
            try container.encode(reason, forKey: .reason)
            try container.encodeIfPresent(needed, forKey: .needed)
        }
    }

    func run() async throws {
        try await CommandRunner.run {
            let time = try at.map(TimeOption.parse) ?? Date()
            let library = try await global.openSyncedLibrary()
            let outcome = try await library.plays.record(
                PlayInput(
                    target: target, secondsPlayed: played, at: time,
                    source: source.playSource))
            switch outcome {
            case .counted(let play):
                let at = ISO8601.string(play.at)
                if global.json {
                    return try Output.json(
                        Counted(playId: play.playID, target: play.target, at: at, source: play.source.rawValue))
                }
                Output.line("counted: play \(play.playID) of \(play.target) at \(at) (\(play.source.rawValue))")
            case .notCounted(let rejection):
                let (reason, needed, text) = Self.explain(rejection)
                if global.json { return try Output.json(NotCounted(reason: reason, needed: needed)) }
                Output.line("not counted: \(text)")
            }
        }
    }

    static func explain(_ rejection: PlayRejection) -> (String, Double?, String) {
        switch rejection {
        case .short(let needed): ("short", needed, "played too briefly; it needs \(Output.duration(needed)) to count")
        case .beforeInstall:
            (
                "before-install", nil,
                "the time is before this library was installed (use --source manual to enter it anyway)"
            )
        case .duplicate: ("duplicate", nil, "this play is already in the history")
        }
    }
}
