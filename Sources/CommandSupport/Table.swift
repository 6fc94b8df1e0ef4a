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
                c == row.count - 1 ? cell : cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
