import Hummingbird
import LibraryClient
import LibraryJSON

/// `GET /api/credits` (`?installed=1`: only installed items): the `client credits --json` shape.
struct CreditsRoutes {
    let api: APIContext

    func register(on router: Router<BasicRequestContext>) {
        let library = api.library
        router.get("/api/credits") { request, _ in
            let sections = try await library.items.fetchCredits(
                installedOnly: QueryParameters(request).flag("installed"))
            return try JSONResponse.make(CreditsJSON(sections))
        }
    }
}
