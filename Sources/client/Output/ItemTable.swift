import ArgumentParser
import CatalogFormat
import CommandSupport
import LibraryClient
import LibraryJSON

/// The list/search output.
enum ItemTable {
    static func print(_ page: ItemPage, json: Bool) throws {
        if json { return try JSONOutput.print(ItemPageJSON(page)) }
        Output.table(
            ["ID", "KIND", "TITLE", "DURATION", "AVAILABLE", "FAVORITE"],
            page.items.map {
                [
                    $0.id, $0.kind.rawValue, $0.title, Output.duration($0.duration),
                    $0.isVisible ? label($0.availability) : "no (no longer in the catalog)",
                    $0.isFavorite ? "yes" : "-",
                ]
            })
        Output.line("\(page.items.count) of \(page.total) item\(page.total == 1 ? "" : "s")")
        if let next = page.nextCursor { Output.line("next page: --after \(next.string)") }
    }

    static func label(_ availability: Availability) -> String {
        switch availability {
        case .appleMusic: "Apple Music"
        case .available: "yes"
        case .notDownloaded: "no (pack not installed)"
        case .fileMissing: "no (file missing; repair the pack)"
        case .offloaded: "no (offloaded; install the pack to bring it back)"
        }
    }
}
