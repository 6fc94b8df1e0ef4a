import Foundation

/// Writing to stdout: one JSON document, or text for people.
enum Output {
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        FileHandle.standardOutput.write(data)
    }

    static func line(_ text: String = "") {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// An aligned table: a header row, then the rows; columns padded to their widest cell.
    static func table(_ header: [String], _ rows: [[String]]) {
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
        func render(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                i == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
            }.joined(separator: "  ")
        }
        var text = render(header) + "\n"
        for row in rows { text += render(row) + "\n" }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func duration(_ seconds: Double?) -> String {
        guard let seconds else { return "-" }
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let total = Int(seconds.rounded())
        return total >= 3600 ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
            : String(format: "%d:%02d", total / 60, total % 60)
    }

    static func bytes(_ count: Int64?) -> String {
        guard let count else { return "-" }
        return ByteCountFormatter.string(fromByteCount: count, countStyle: .file)
    }
}
