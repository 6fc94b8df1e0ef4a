import ArgumentParser
import CatalogModel
import CommandSupport
import Foundation
import LibraryClient

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

    struct Entry: Encodable {
        let rank: Int, previousRank: Int?, movement: String, plays: Int, target, title: String
        enum CodingKeys: String, CodingKey { case rank, previousRank, movement, plays, target, title }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(rank, forKey: .rank)
            try c.encode(previousRank, forKey: .previousRank)
            try c.encode(movement, forKey: .movement)
            try c.encode(plays, forKey: .plays)
            try c.encode(target, forKey: .target)
            try c.encode(title, forKey: .title)
        }
    }
    struct JSON: Encodable {
        let period: String, from: String?, to: String?, entries: [Entry]
        enum CodingKeys: String, CodingKey { case period, from, to, entries }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(period, forKey: .period)
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
            try c.encode(entries, forKey: .entries)
        }
    }

    func validate() throws {
        if kind != nil && tracks { throw ValidationError("give --kind or --tracks, not both") }
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run() async throws {
        try await CommandRunner.run {
            let moment = try now.map(TimeOption.parse) ?? Date()
            let filter: ChartFilter = tracks ? .tracks : kind.map { .kind($0) } ?? .everything
            let library = try await global.openSyncedLibrary()
            let chart = try await library.charts.fetchChart(period: period, filter: filter, limit: limit, now: moment)
            if global.json {
                return try Output.json(
                    JSON(
                        period: chart.period.rawValue, from: chart.from.map(ISO8601.string),
                        to: chart.to.map(ISO8601.string),
                        entries: chart.entries.map {
                            Entry(
                                rank: $0.rank, previousRank: $0.previousRank, movement: $0.movement.rawValue,
                                plays: $0.plays,
                                target: $0.target, title: $0.title)
                        }))
            }
            Output.table(
                ["RANK", "", "PLAYS", "TITLE"],
                chart.entries.map { ["\($0.rank)", Self.arrow($0.movement), "\($0.plays)", $0.title] })
        }
    }

    static func arrow(_ movement: ChartMovement) -> String {
        switch movement {
        case .up: "▲"
        case .down: "▼"
        case .same: "="
        case .new: "NEW"
        }
    }
}
