import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient

/// `client stats [--now TIME]`
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Plays today, this week, this month and all time, and by source.")

    @Option(help: ArgumentHelp("As of this time (ISO-8601; default now).", valueName: "TIME")) var now: String?
    @OptionGroup var global: GlobalOptions

    struct BySource: Encodable { let app, sync, manual, estimated: Int }
    struct JSON: Encodable {
        let today, week, month, allTime: Int
        let bySource: BySource
    }

    func run() async throws {
        try await CommandRunner.run {
            let moment = try now.map(TimeOption.parse) ?? Date()
            let library = try await global.openSyncedLibrary()
            let stats = try await library.stats.fetchStats(now: moment)
            let by = BySource(
                app: stats.bySource[.app] ?? 0, sync: stats.bySource[.sync] ?? 0,
                manual: stats.bySource[.manual] ?? 0, estimated: stats.bySource[.estimated] ?? 0)
            if global.json {
                return try Output.json(
                    JSON(today: stats.today, week: stats.week, month: stats.month, allTime: stats.allTime, bySource: by)
                )
            }
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
