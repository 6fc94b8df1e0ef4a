import CatalogFormat
import Hummingbird
import LibraryClient
import LibraryJSON

/// `GET /api/packs[?kind=K]`, `GET /api/packs/sizes` (each pack's archive size before an install), `POST /api/packs/{id}/install` (answers when the install ends; progress
/// goes to `/api/events`), `DELETE /api/packs/{id}`.
struct PackRoutes {
    let api: APIContext

    func register(on router: Router<BasicRequestContext>) {
        let library = api.library
        let manager = api.manager
        router.get("/api/packs") { request, _ in
            let kind = try QueryParameters(request).value("kind", as: Kind.self)
            return try JSONResponse.make(PacksJSON(try await library.packs.fetchPacks(kind: kind)))
        }
        router.get("/api/packs/sizes") { _, _ in
            try JSONResponse.make(PackSizesJSON(try await library.packs.fetchPacks()))
        }
        router.post("/api/packs/{id}/install") { _, context in
            let pack = try await library.packs.fetchPack(PackReference(try context.parameter("id")))
            let result = try await manager.startDownload(.id(pack.id))
            return try JSONResponse.make(PackOperationJSON(result))
        }
        router.delete("/api/packs/{id}") { _, context in
            let pack = try await library.packs.fetchPack(PackReference(try context.parameter("id")))
            return try JSONResponse.make(PackOperationJSON(try await manager.deletePack(.id(pack.id)), transfer: false))
        }
    }
}
