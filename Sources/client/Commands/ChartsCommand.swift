import ArgumentParser
import CatalogFormat
import CommandSupport
import Foundation
import LibraryClient
import LibraryJSON

/// `client charts [--period all|week|month|year] [--kind K | --tracks] [--limit N] [--now TIME]`
struct ChartsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "charts", abstract: "Targets ranked by plays in a period (local time zone), with their movement.")

    @Option(help: "all, week, month or year.") var period: ChartPeriod = .all
    @Option(help: "Only items of this kind (music, atmosphere, sfx).") var kind: Kind?
    @Flag(help: "Only cached music tracks.") var tracks = false
    @Option(help: "At most this many entries.") var limit: Int?
    @Option(help: ArgumentHelp("Rank as of this time (ISO-8601; default now).", valueName: "TIME")) var now: String?
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if kind != nil && tracks { throw ValidationError("give --kind or --tracks, not both") }
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run() async throws {
        try await CommandRunner.run {
            let query = ChartQuery(period: period, kind: kind, tracks: tracks, limit: limit, now: now)
            let library = try await global.openSyncedLibrary()
            let chart = try await query.fetch(from: library)
            // Written directly, not through JSONEncoder or Table: an all-time chart has an entry per target.
            try FileHandle.standardOutput.write(
                contentsOf: global.json ? ChartJSON(chart).bytes : ChartTable(chart).bytes)
            CommandRunner.finishReadOnly()
        }
    }
}
