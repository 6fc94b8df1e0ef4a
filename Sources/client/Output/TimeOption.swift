import ArgumentParser
import CatalogModel
import CommandSupport
import Foundation
import LibraryClient

/// ISO-8601 times given on the command line.
enum TimeOption {
    static func parse(_ text: String) throws -> Date {
        guard let date = ISO8601.date(text) else { throw ListeningError.invalidTime(text) }
        return date
    }
}
