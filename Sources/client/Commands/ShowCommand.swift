import ArgumentParser
import CatalogFormat
import CommandSupport
import Foundation
import LibraryClient
import LibraryJSON

/// `client show ITEM` (an item id, or a pack id or slug).
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show an item: tags per dimension, pack, availability (or a pack, by id or slug).")

    @Argument(help: "Item id (either case), or a pack id or slug.") var item: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let shown = try await ShownEntry.fetch(item, from: library)
            if global.json { return try JSONOutput.print(shown.json) }
            switch shown {
            case .item(let detail): printItem(detail)
            case .pack(let detail): PacksCommand.printDetail(detail)
            }
        }
    }

    private func printItem(_ detail: ItemDetail) {
        let row = detail.item
        var lines: [[String]] = [["id", row.id], ["kind", row.kind.rawValue], ["title", row.title]]
        if let subtitle = row.subtitle { lines.append(["subtitle", subtitle]) }
        lines.append(["duration", Output.duration(row.duration)])
        if let pack = detail.pack {
            lines.append(["pack", "\(pack.title) (\(pack.slug ?? pack.id), v\(pack.version), \(pack.state.rawValue))"])
        }
        if let playlist = detail.appleMusicPlaylistID { lines.append(["playlist", playlist]) }
        lines.append(["available", ItemTable.label(detail.availability)])
        if let loudness = detail.sound?.loudness { lines.append(["loudness", Self.loudness(loudness, detail)]) }
        if let loop = detail.sound?.loop { lines.append(["loop", "frames \(loop.start)–\(loop.end)"]) }
        lines += TakeLines.lines(detail)
        if !detail.isVisible { lines.append(["note", "no longer in the catalog"]) }
        for dim in row.kind.dimensions {
            let names = (detail.tags[dim] ?? []).map(\.name).joined(separator: ", ")
            lines.append([dim.displayName, names.isEmpty ? "-" : names])
        }
        lines.append(["license", detail.license ?? "-"])
        lines.append(["credits", detail.credits.isEmpty ? "-" : detail.credits.map(\.line).joined(separator: ", ")])
        if let source = detail.source { lines.append(["source", source]) }
        if let ucs = detail.ucs { lines.append(["UCS", ucs]) }
        Output.table(["FIELD", "VALUE"], lines)
    }

    /// "−23.4 LUFS, plays at +0.4 dB" (an effect names its loudest moment).
    static func loudness(_ loudness: Loudness, _ detail: ItemDetail) -> String {
        func dB(_ value: Double, sign: Bool) -> String {
            let text = String(format: "%.1f", abs(value))
            return (value < 0 ? "−" : sign ? "+" : "") + text
        }
        var parts: [String] = []
        if detail.item.kind == .sfx {
            parts.append("\(dB(loudness.momentaryMax, sign: false)) LUFS momentary max")
        } else if let integrated = loudness.integrated {
            parts.append("\(dB(integrated, sign: false)) LUFS")
        } else {
            parts.append("silent")
        }
        parts.append("true peak \(dB(loudness.truePeak, sign: false)) dBTP")
        if let gain = detail.gain { parts.append("plays at \(dB(gain, sign: true)) dB") }
        return parts.joined(separator: ", ")
    }
}
