import CatalogFormat
import LibraryClient

/// Tag filters by name (case-insensitive) or numeric id, per dimension: OR within a dimension,
/// AND across dimensions. `themes` means the theme dimension of the query's kind.
package struct FilterNames: Sendable, Hashable {
    package var locations: [String]
    package var moods: [String]
    package var themes: [String]
    package var creatureTypes: [String]

    package init(locations: [String] = [], moods: [String] = [], themes: [String] = [], creatureTypes: [String] = []) {
        self.locations = locations
        self.moods = moods
        self.themes = themes
        self.creatureTypes = creatureTypes
    }

    package var isEmpty: Bool { locations.isEmpty && moods.isEmpty && themes.isEmpty && creatureTypes.isEmpty }

    /// The names per dimension; themes need `kind`.
    package func names(kind: Kind?) throws(LibraryQueryError) -> [TagDimension: [String]] {
        var result: [TagDimension: [String]] = [.location: locations, .mood: moods, .creatureType: creatureTypes]
        if !themes.isEmpty {
            guard let kind else { throw .themeNeedsKind }
            result[kind.themeDimension] = themes
        }
        return result.filter { !$0.value.isEmpty }
    }

    /// The filters the names resolve to in `library` (an unknown name is an error naming it).
    package func resolve(with library: Library, kind: Kind?) async throws -> Filters {
        try await library.resolver.resolve(try names(kind: kind))
    }
}

/// `list` (a kind, no words) or `search` (words, any kind): one page of items.
package struct ItemQuery: Sendable, Hashable {
    package var kind: Kind?
    package var filters: FilterNames
    /// Search words; nil lists `kind` in `sort` order.
    package var text: String?
    package var sort: ItemSort
    package var page: PageRequest
    /// Only installed items.
    package var installedOnly: Bool

    package init(
        kind: Kind?, filters: FilterNames = FilterNames(), text: String? = nil, sort: ItemSort = .title,
        page: PageRequest = PageRequest(limit: 100), installedOnly: Bool = false
    ) {
        self.kind = kind
        self.filters = filters
        self.text = text
        self.sort = sort
        self.page = page
        self.installedOnly = installedOnly
    }

    /// The page of items the query asks for.
    package func fetch(from library: Library) async throws -> ItemPage {
        var selected = try await filters.resolve(with: library, kind: kind)
        selected.installedOnly = installedOnly
        if let text {
            return try await library.items.fetchItems(matching: text, kind: kind, filters: selected, page: page)
        }
        guard let kind else { throw LibraryQueryError.kindRequired }
        return try await library.items.fetchItems(kind: kind, filters: selected, sort: sort, page: page)
    }
}

/// `client facets`: `{"kind", "total", "facets": {dimension: [{"id", "name", "count"}]}}` with only the
/// dimensions the kind may use.
package struct FacetsJSON: Encodable {
    package let kind: String
    package let total: Int
    package let facets: DimensionKeyed<[FacetValue]>

    package init(_ counts: FacetCounts) {
        kind = counts.kind.rawValue
        total = counts.total
        facets = DimensionKeyed(entries: counts.kind.dimensions.map { ($0, counts.facets[$0] ?? []) })
    }

    /// The facet counts of `kind` under `filters` (of installed items only, with `installedOnly`; of the
    /// items the search `text` matches, with one).
    package static func fetch(
        kind: Kind, filters: FilterNames, installedOnly: Bool = false, matching text: String? = nil,
        from library: Library
    ) async throws -> FacetCounts {
        try await library.facets.fetchFacetCounts(
            kind: kind, filterNames: try filters.names(kind: kind), installedOnly: installedOnly, matching: text)
    }
}

/// What `client show` shows: an item, or else a pack by id or slug.
package enum ShownEntry: Sendable {
    case item(ItemDetail)
    case pack(PackDetail)

    /// The item `reference` names, else the pack; ``LibraryClientError/itemNotFound(_:)`` when neither.
    package static func fetch(_ reference: String, from library: Library) async throws -> ShownEntry {
        do {
            return .item(try await library.items.fetchItemDetail(itemID: reference))
        } catch LibraryClientError.itemNotFound {
            do {
                return .pack(try await library.packs.fetchPackDetail(PackReference(reference)))
            } catch LibraryClientError.packNotFound {
                throw LibraryClientError.itemNotFound(reference)
            }
        }
    }

    /// The JSON document: the item shape, or the pack shape with its items.
    package var json: any Encodable {
        switch self {
        case .item(let detail): ItemDetailJSON(detail: detail)
        case .pack(let detail): PackDetailJSON(detail: detail)
        }
    }
}
