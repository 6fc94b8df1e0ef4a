import CatalogFormat
import Foundation
import LibraryClient

/// Where a play recorded by hand comes from (`estimated` plays only come from imports).
package enum PlayInputSource: String, CaseIterable, Sendable, Decodable {
    case app, sync, manual

    package var playSource: PlaySource {
        switch self {
        case .app: .app
        case .sync: .sync
        case .manual: .manual
        }
    }
}

/// A play as `client play` and `POST /api/plays` take it: `{"target", "played", "at"?, "source"?}`.
package struct PlayFields: Sendable, Decodable {
    package var target: String
    package var played: Double
    /// ISO-8601; nil means now.
    package var at: String?
    package var source: PlayInputSource?

    package init(target: String, played: Double, at: String?, source: PlayInputSource?) {
        self.target = target
        self.played = played
        self.at = at
        self.source = source
    }

    /// The library's input; an `at` that is not ISO-8601 is an error naming it.
    package func input(now: Date = Date()) throws -> PlayInput {
        PlayInput(
            target: target, secondsPlayed: played, at: try at.map(TimeText.parse) ?? now,
            source: (source ?? .app).playSource)
    }

    /// Records the play in `library`.
    package func record(in library: Library) async throws -> PlayOutcome {
        try await library.plays.record(try input())
    }
}

/// `client charts` as a query: the period, a kind or tracks, a limit and the time it is as of.
package struct ChartQuery: Sendable {
    package var period: ChartPeriod
    package var kind: Kind?
    package var tracks: Bool
    package var limit: Int?
    /// ISO-8601; nil means now.
    package var now: String?

    package init(period: ChartPeriod = .all, kind: Kind? = nil, tracks: Bool = false, limit: Int? = nil, now: String?) {
        self.period = period
        self.kind = kind
        self.tracks = tracks
        self.limit = limit
        self.now = now
    }

    /// The chart the query asks for.
    package func fetch(from library: Library) async throws -> Chart {
        let moment = try now.map(TimeText.parse) ?? Date()
        let filter: ChartFilter = tracks ? .tracks : kind.map { .kind($0) } ?? .everything
        return try await library.charts.fetchChart(period: period, filter: filter, limit: limit, now: moment)
    }
}
