import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient
import LibraryJSON

/// `client stats [--now TIME]`
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Plays today, this week, this month and all time, and by source.")

    @Option(help: ArgumentHelp("As of this time (ISO-8601; default now).", valueName: "TIME")) var now: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let moment = try now.map(TimeText.parse) ?? Date()
            let library = try await global.openSyncedLibrary()
            let stats = try await library.stats.fetchStats(now: moment)
            let json = StatsJSON(stats)
            if global.json { return try JSONOutput.print(json) }
            let by = json.bySource
            Output.table(
                ["PERIOD", "PLAYS"],
                [
                    ["today", "\(stats.today)"], ["week", "\(stats.week)"], ["month", "\(stats.month)"],
                    ["all time", "\(stats.allTime)"],
                ])
            Output.line()
            Output.table(
                ["SOURCE", "PLAYS"],
                [
                    ["app", "\(by.app)"], ["sync", "\(by.sync)"], ["manual", "\(by.manual)"],
                    ["estimated", "\(by.estimated)"],
                ])
        }
    }
}
