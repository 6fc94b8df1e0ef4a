/// A catalog source with all its packs, read and checked together: what the publisher builds
/// from. `vocabularies` holds the initial lists in order, then every new name in the order it
/// was first met (music entries first, then packs by folder name).
public struct ValidatedCatalog: Sendable {
    public var catalog: CatalogSource
    public var packs: [PackSource]
    public var vocabularies: [TagDimension: [String]]

    public init(catalog: CatalogSource, packs: [PackSource], vocabularies: [TagDimension: [String]]) {
        self.catalog = catalog
        self.packs = packs
        self.vocabularies = vocabularies
    }

    /// The seed's `vocabularies`: names with their sort order.
    public var seedVocabularies: Vocabularies {
        var result = Vocabularies()
        for dim in TagDimension.allCases {
            let entries = (vocabularies[dim] ?? []).enumerated().map { Vocabularies.Entry(name: $1, sortOrder: $0) }
            result.setEntries(entries, for: dim)
        }
        return result
    }
}
