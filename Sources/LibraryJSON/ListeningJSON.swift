import CatalogFormat
import LibraryClient

/// `client history`: `{"plays": [{"playId", "target", "title", "at", "source"}], "nextCursor"}`.
package struct HistoryJSON: Encodable {
    package struct Play: Encodable {
        package let playId, target, title, at, source: String
    }

    package let plays: [Play]
    package let nextCursor: String?

    package init(_ page: HistoryPage) {
        plays = page.plays.map {
            Play(
                playId: $0.playID, target: $0.target, title: $0.title, at: ISO8601.string($0.at),
                source: $0.source.rawValue)
        }
        nextCursor = page.nextCursor
    }

    enum CodingKeys: String, CodingKey { case plays, nextCursor }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(plays, forKey: .plays)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}

/// `client stats`: `{"today", "week", "month", "allTime", "bySource": {"app", "sync", "manual", "estimated"}}`.
package struct StatsJSON: Encodable {
    package struct BySource: Encodable { package let app, sync, manual, estimated: Int }

    package let today, week, month, allTime: Int
    package let bySource: BySource

    package init(_ stats: ListeningStats) {
        today = stats.today
        week = stats.week
        month = stats.month
        allTime = stats.allTime
        bySource = BySource(
            app: stats.bySource[.app] ?? 0, sync: stats.bySource[.sync] ?? 0,
            manual: stats.bySource[.manual] ?? 0, estimated: stats.bySource[.estimated] ?? 0)
    }
}

/// `client play`: `{"counted": true, "playId", "target", "at", "source"}` or
/// `{"counted": false, "reason", "needed"?}`.
package struct PlayOutcomeJSON: Encodable {
    package let outcome: PlayOutcome

    package init(_ outcome: PlayOutcome) { self.outcome = outcome }

    enum CodingKeys: String, CodingKey { case counted, playId, target, at, source, reason, needed }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch outcome {
        case .counted(let play):
            try c.encode(true, forKey: .counted)
            try c.encode(play.playID, forKey: .playId)
            try c.encode(play.target, forKey: .target)
            try c.encode(ISO8601.string(play.at), forKey: .at)
            try c.encode(play.source.rawValue, forKey: .source)
        case .notCounted(let rejection):
            try c.encode(false, forKey: .counted)
            try c.encode(Self.reason(rejection), forKey: .reason)
            if case .short(let needed) = rejection { try c.encode(needed, forKey: .needed) }
        }
    }

    /// The `reason` of a play that was not stored: `short`, `before-install` or `duplicate`.
    package static func reason(_ rejection: PlayRejection) -> String {
        switch rejection {
        case .short: "short"
        case .beforeInstall: "before-install"
        case .duplicate: "duplicate"
        }
    }
}
