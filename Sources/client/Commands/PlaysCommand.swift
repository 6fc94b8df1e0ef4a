import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient

/// `client plays import FILE [--force]`
struct PlaysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plays", abstract: "Import play counts from another player.",
        subcommands: [PlaysImportCommand.self])
}
