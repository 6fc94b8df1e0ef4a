/// What `favorite` and `unfavorite` print: `{"itemId", "favorite", "changed"}`.
package struct FavoriteChangeJSON: Encodable {
    package let itemId: String
    package let favorite: Bool
    package let changed: Bool

    package init(item: String, favorite: Bool, changed: Bool) {
        itemId = item.lowercased()
        self.favorite = favorite
        self.changed = changed
    }
}
