import Hummingbird
import LibraryClient

extension AudioRoutes {
    /// `GET /audio/{itemId}/{take}`: take N (0-based) of an installed item, served like
    /// `/audio/{itemId}` (which is take 0). 404 when the item has no such installed take.
    func registerTakes(on router: Router<BasicRequestContext>, prefix: String, files: FileIO) {
        let library = api.library
        router.get("\(prefix)/{itemId}/{take}") { request, context in
            let id = try context.parameter("itemId")
            let text = try context.parameter("take")
            guard Self.isPlainID(id) else {
                throw APIError.badRequest("'\(id)' is not an item id; give the id of an installed item")
            }
            guard let take = Int(text), take >= 0, String(take) == text else {
                throw APIError.badRequest("'\(text)' is not a take number; takes are numbered 0, 1, 2…")
            }
            guard let audio = try await library.items.fetchInstalledAudio(itemID: id, take: take) else {
                throw APIError.notFound(
                    "item \(id) has no installed take \(take); check the item's takes with /api/items/\(id)")
            }
            return try await Self.response(for: audio, request: request, context: context, files: files)
        }
    }
}
