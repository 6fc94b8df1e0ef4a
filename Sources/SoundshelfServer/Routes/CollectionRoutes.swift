import Hummingbird
import LibraryClient
import LibraryJSON

/// Favorites and scenes: `GET /api/favorites`, `PUT`/`DELETE /api/favorites/{itemId}`, `GET`/`POST
/// /api/scenes`, `GET`/`PUT`/`DELETE /api/scenes/{id}`.
struct CollectionRoutes {
    let api: APIContext

    /// `POST /api/scenes`: `{"title"}`.
    struct NewScene: Decodable { let title: String }
    /// `PUT /api/scenes/{id}`: `{"title"?, "items"?: [itemId]}` (the items in their new order).
    struct SceneChange: Decodable {
        let title: String?
        let items: [String]?
    }

    func register(on router: Router<BasicRequestContext>) {
        let library = api.library
        router.get("/api/favorites") { request, _ in
            let page = try await library.favorites.fetchFavorites(page: try QueryParameters(request).page())
            return try JSONResponse.make(ItemPageJSON(page))
        }
        router.put("/api/favorites/{itemId}") { _, context in
            let item = try context.parameter("itemId")
            let changed = try await library.favorites.favorite(itemID: item)
            return try JSONResponse.make(FavoriteChangeJSON(item: item, favorite: true, changed: changed))
        }
        router.delete("/api/favorites/{itemId}") { _, context in
            let item = try context.parameter("itemId")
            let changed = try await library.favorites.unfavorite(itemID: item)
            return try JSONResponse.make(FavoriteChangeJSON(item: item, favorite: false, changed: changed))
        }
        router.get("/api/scenes") { _, _ in
            try JSONResponse.make(ScenesJSON(try await library.scenes.fetchScenes()))
        }
        router.post("/api/scenes") { request, _ in
            let body = try await request.decodeJSON(as: NewScene.self)
            let scene = try await library.scenes.createScene(title: body.title)
            return try JSONResponse.make(SceneCreatedJSON(sceneId: scene.id), status: .created)
        }
        router.get("/api/scenes/{id}") { _, context in
            try JSONResponse.make(
                SceneDetailJSON(detail: try await library.scenes.fetchScene(try context.parameter("id"))))
        }
        router.put("/api/scenes/{id}") { request, context in
            let body = try await request.decodeJSON(as: SceneChange.self)
            let detail = try await library.scenes.updateScene(
                try context.parameter("id"), title: body.title, itemIDs: body.items)
            return try JSONResponse.make(SceneDetailJSON(detail: detail))
        }
        router.delete("/api/scenes/{id}") { _, context in
            try JSONResponse.make(
                SceneDeletedJSON(sceneId: try await library.scenes.deleteScene(try context.parameter("id"))))
        }
    }
}
