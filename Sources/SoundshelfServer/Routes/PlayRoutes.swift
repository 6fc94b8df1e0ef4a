import CatalogFormat
import Foundation
import Hummingbird
import LibraryClient
import LibraryJSON

/// `POST /api/plays`, `GET /api/charts`, `GET /api/stats`, `GET /api/tracks` (with `entry`: one music
/// entry's tracks, as `client music tracks`), `GET /api/history`.
struct PlayRoutes {
    let api: APIContext

    func register(on router: Router<BasicRequestContext>) {
        let library = api.library
        router.post("/api/plays") { request, _ in
            let fields = try await request.decodeJSON(as: PlayFields.self)
            return try JSONResponse.make(PlayOutcomeJSON(try await fields.record(in: library)))
        }
        router.get("/api/charts") { request, _ in
            let query = QueryParameters(request)
            let chart = ChartQuery(
                period: try query.value("period", as: ChartPeriod.self) ?? .all,
                kind: try query.value("kind", as: Kind.self), tracks: query.string("tracks") == "true",
                limit: try query.int("limit", minimum: 1), now: query.string("now"))
            return JSONResponse.body(Data(ChartJSON(try await chart.fetch(from: library)).bytes), status: .ok)
        }
        router.get("/api/stats") { request, _ in
            let now = try QueryParameters(request).string("now").map(TimeText.parse) ?? Date()
            return try JSONResponse.make(StatsJSON(try await library.stats.fetchStats(now: now)))
        }
        router.get("/api/tracks") { request, _ in
            let query = QueryParameters(request)
            if let entry = query.string("entry") {
                let (music, tracks) = try await library.music.fetchTracks(entryID: entry)
                return try JSONResponse.make(EntryTracksJSON(entry: music.id, tracks: tracks))
            }
            let tracks = TrackQuery(
                source: try query.value("source", as: TrackSourceFilter.self) ?? .all, search: query.string("search"),
                sort: try query.value("sort", as: TrackSort.self) ?? .recent,
                limit: try query.int("limit", minimum: 1) ?? 100, after: query.string("after"))
            return try JSONResponse.make(TrackPageJSON(try await library.music.fetchTracks(tracks)))
        }
        router.get("/api/history") { request, _ in
            let query = QueryParameters(request)
            let page = try await library.history.fetchHistory(
                limit: try query.int("limit", minimum: 1) ?? 50, after: query.string("after"),
                since: try query.string("since").map(TimeText.parse))
            return try JSONResponse.make(HistoryJSON(page))
        }
    }
}
