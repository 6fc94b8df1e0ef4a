/// A catalog.json of either schema, as read: schema 1 (``CatalogDocument``) names the seed and
/// lists every pack; schema 2 (``ShardedCatalogDocument``) names the index, from which the shards
/// and deltas are reached. What both say is read through the properties below.
///
/// ```swift
/// switch document {
/// case .schema1(let catalog): print(catalog.seed.url, catalog.packs.count)
/// case .schema2(let catalog): print(catalog.index.url, catalog.deltas.count)
/// }
/// document.importFile.sha256   // what a library that imported this version remembers
/// ```
public enum CatalogJSONDocument: Sendable, Equatable {
    case schema1(CatalogDocument)
    case schema2(ShardedCatalogDocument)

    /// 1 or 2.
    public var schemaVersion: Int {
        switch self {
        case .schema1: 1
        case .schema2: 2
        }
    }

    /// The catalog's version, raised by every publish that changes it.
    public var catalogVersion: Int {
        switch self {
        case .schema1(let document): document.catalogVersion
        case .schema2(let document): document.catalogVersion
        }
    }

    /// When it was published (ISO 8601).
    public var generatedAt: String {
        switch self {
        case .schema1(let document): document.generatedAt
        case .schema2(let document): document.generatedAt
        }
    }

    /// The catalog's title.
    public var title: String {
        switch self {
        case .schema1(let document): document.title
        case .schema2(let document): document.title
        }
    }

    /// When clients stop accepting it (ISO 8601), if ever.
    public var expires: String? {
        switch self {
        case .schema1(let document): document.expires
        case .schema2(let document): document.expires
        }
    }

    /// The file an import starts from: the seed (schema 1) or the index (schema 2). Its SHA-256
    /// identifies the catalog's content: a library remembers the one it imported.
    public var importFile: FileReference {
        switch self {
        case .schema1(let document): document.seed
        case .schema2(let document): document.index
        }
    }

    /// The schema-2 document, when it is one.
    public var sharded: ShardedCatalogDocument? {
        if case .schema2(let document) = self { return document }
        return nil
    }
}
