/// An aligned text table for people.
///
/// ```swift
/// print(Table(["ID", "TITLE"], [["1", "Forest"], ["22", "Swamp"]]).render())
/// // ID  TITLE
/// // 1   Forest
/// // 22  Swamp
/// ```
public struct Table {
    public var header: [String]
    public var rows: [[String]]

    public init(_ header: [String], _ rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    public func render() -> String {
        let all = [header] + rows
        let columns = all.map(\.count).max() ?? 0
        let widths = (0..<columns).map { c in all.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { c, cell in
                c == row.count - 1 ? cell : Self.pad(cell, to: widths[c])
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// `cell` padded with spaces, or cut, to `width` as Foundation's `padding(toLength:withPad:startingAt:)`
    /// does it (in UTF-16 units); an ASCII cell without Foundation, whose call costs more than the
    /// rest of a large table (`client facets` prints hundreds of rows).
    static func pad(_ cell: String, to width: Int) -> String {
        guard cell.utf8.allSatisfy({ $0 < 0x80 }) else {
            return cell.padding(toLength: width, withPad: " ", startingAt: 0)
        }
        let length = cell.utf8.count
        guard length < width else { return String(decoding: cell.utf8.prefix(max(0, width)), as: UTF8.self) }
        return cell + String(repeating: " ", count: width - length)
    }
}
