import CatalogFormat
import Hummingbird
import LibraryClient
import LibraryJSON

/// `GET /api/items` (list, or search with `q`), `GET /api/items/{id}` (show), `GET /api/facets`; the
/// lists and counts take `installed=1` for installed items only, the counts `q` for a search's.
/// Lists and details are sent again from `api.answers` while the library has not changed.
struct ItemRoutes {
    let api: APIContext

    func register(on router: Router<BasicRequestContext>) {
        let library = api.library
        let answers = api.answers
        let facetCache = EncodedResponseCache<FacetCounts>()
        router.get("/api/items") { request, _ in
            let data = try await answers.data(for: "items?" + (request.uri.query ?? "")) {
                let query = QueryParameters(request)
                let items = ItemQuery(
                    kind: try query.value("kind", as: Kind.self), filters: query.filters, text: query.string("q"),
                    sort: try query.value("sort", as: ItemSort.self) ?? .title, page: try query.page(),
                    installedOnly: query.flag("installed"))
                return try LibraryJSON.encode(ItemPageJSON(try await items.fetch(from: library)))
            }
            return JSONResponse.body(data, status: .ok)
        }
        router.get("/api/items/{id}") { _, context in
            let id = try context.parameter("id")
            let data = try await answers.data(for: "show " + id) {
                try LibraryJSON.encode(try await ShownEntry.fetch(id, from: library).json)
            }
            return JSONResponse.body(data, status: .ok)
        }
        router.get("/api/facets") { request, _ in
            let query = QueryParameters(request)
            guard let kind = try query.value("kind", as: Kind.self) else {
                throw LibraryQueryError.missing(name: "kind")
            }
            let counts = try await FacetsJSON.fetch(
                kind: kind, filters: query.filters, installedOnly: query.flag("installed"), matching: query.string("q"),
                from: library)
            let data = try facetCache.data(for: request.uri.query ?? "", value: counts, FacetsJSON.init)
            return JSONResponse.body(data, status: .ok)
        }
    }
}
