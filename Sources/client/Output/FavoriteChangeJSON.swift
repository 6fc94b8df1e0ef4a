import ArgumentParser
import CommandSupport
import LibraryClient

/// What `favorite` and `unfavorite` print.
struct FavoriteChangeJSON: Encodable {
    let itemId: String
    let favorite: Bool
    let changed: Bool

    static func print(item: String, favorite: Bool, changed: Bool, json: Bool) throws {
        let id = item.lowercased()
        if json { return try Output.json(FavoriteChangeJSON(itemId: id, favorite: favorite, changed: changed)) }
        let state = favorite ? "a favorite" : "not a favorite"
        Output.line(changed ? "\(id) is now \(state)" : "\(id) was already \(state)")
    }
}
