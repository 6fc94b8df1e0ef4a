import Foundation
import LibraryClient

/// `client charts` for people: RANK, movement, PLAYS, TITLE, aligned as `Output.table` aligns
/// them (each column but the last padded with spaces to its widest cell, two spaces between),
/// written directly: an all-time chart of 20,000 rows through the general table takes ~10× longer.
///
/// ```swift
/// try FileHandle.standardOutput.write(contentsOf: ChartTable(chart).bytes)
/// ```
struct ChartTable {
    let chart: Chart

    init(_ chart: Chart) { self.chart = chart }

    static let header = ["RANK", "", "PLAYS", "TITLE"]

    /// The arrow (or `NEW`) shown for a movement.
    static func arrow(_ movement: ChartMovement) -> String {
        switch movement {
        case .up: "▲"
        case .down: "▼"
        case .same: "="
        case .new: "NEW"
        }
    }

    /// The table and a final newline. The padded cells are ASCII or one arrow, so their width
    /// in characters is their width on screen.
    var bytes: [UInt8] {
        let ranks = chart.entries.map { String($0.rank) }
        let arrows = chart.entries.map { Self.arrow($0.movement) }
        let plays = chart.entries.map { String($0.plays) }
        let widths = [
            ranks.reduce(Self.header[0].count) { max($0, $1.count) },
            arrows.reduce(Self.header[1].count) { max($0, $1.count) },
            plays.reduce(Self.header[2].count) { max($0, $1.count) },
        ]
        var out: [UInt8] = []
        out.reserveCapacity(64 + chart.entries.count * 64)
        func row(_ cells: [String], _ title: String) {
            for (cell, width) in zip(cells, widths) {
                out.append(contentsOf: cell.utf8)
                out.append(contentsOf: repeatElement(0x20, count: width - cell.count + 2))
            }
            out.append(contentsOf: title.utf8)
            out.append(0x0A)
        }
        row(Array(Self.header.prefix(3)), Self.header[3])
        for index in chart.entries.indices {
            row([ranks[index], arrows[index], plays[index]], chart.entries[index].title)
        }
        return out
    }
}
