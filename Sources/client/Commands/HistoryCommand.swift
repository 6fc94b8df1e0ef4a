import ArgumentParser
import CatalogFormat
import CommandSupport
import Foundation
import LibraryClient
import LibraryJSON

/// `client history [--limit N] [--after CURSOR] [--since TIME] [--format table|csv|json]`
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Plays, newest first, with the title each target had when it was played.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, csv, json }

    @Option(help: "Plays per page.") var limit = 50
    @Option(help: ArgumentHelp("The nextCursor of the previous page.", valueName: "CURSOR")) var after: String?
    @Option(help: ArgumentHelp("Only plays at or after this time (ISO-8601).", valueName: "TIME")) var since: String?
    @Option(help: "table, csv or json (--json is --format json).") var format: Format = .table
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be 1 or more") }
    }

    func run() async throws {
        try await CommandRunner.run {
            let sinceDate = try since.map(TimeText.parse)
            let library = try await global.openSyncedLibrary()
            let page = try await library.history.fetchHistory(limit: limit, after: after, since: sinceDate)
            let json = HistoryJSON(page)
            let plays = json.plays
            switch global.json ? Format.json : format {
            case .json:
                try JSONOutput.print(json)
            case .csv:
                let rows =
                    [["play_id", "target", "title", "at", "source"]]
                    + plays.map { [$0.playId, $0.target, $0.title, $0.at, $0.source] }
                FileHandle.standardOutput.write(Data(CSV.render(rows).utf8))
            case .table:
                Output.table(
                    ["AT", "SOURCE", "TITLE", "TARGET"], plays.map { [$0.at, $0.source, $0.title, $0.target] })
                if let next = page.nextCursor { Output.line("more: client history --after \(next)") }
            }
        }
    }
}
