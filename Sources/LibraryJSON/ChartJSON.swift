import CatalogModel
import LibraryClient

/// `client charts`: `{"period", "from", "to", "entries": [{"rank", "previousRank", "movement", "plays",
/// "target", "title"}]}` with explicit nulls.
package struct ChartJSON: Encodable {
    package struct Entry: Encodable {
        let entry: ChartEntry

        enum CodingKeys: String, CodingKey { case rank, previousRank, movement, plays, target, title }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(entry.rank, forKey: .rank)
            try c.encode(entry.previousRank, forKey: .previousRank)
            try c.encode(entry.movement.rawValue, forKey: .movement)
            try c.encode(entry.plays, forKey: .plays)
            try c.encode(entry.target, forKey: .target)
            try c.encode(entry.title, forKey: .title)
        }
    }

    package let chart: Chart

    package init(_ chart: Chart) { self.chart = chart }

    enum CodingKeys: String, CodingKey { case period, from, to, entries }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(chart.period.rawValue, forKey: .period)
        try c.encode(chart.from.map(ISO8601.string), forKey: .from)
        try c.encode(chart.to.map(ISO8601.string), forKey: .to)
        try c.encode(chart.entries.map(Entry.init), forKey: .entries)
    }
}
