/// `catalog.json`, the entry point of a published catalog.
///
/// ```swift
/// let catalog = try CatalogJSON.decode(CatalogDocument.self, from: data, file: "catalog.json")
/// catalog.packs.first?.manifest.url   // "packs/<id>/1/manifest.json"
/// ```
public struct CatalogDocument: Codable, Sendable, Equatable {
    public var schemaVersion: Int
    public var catalogVersion: Int
    public var generatedAt: String
    public var title: String
    public var expires: String?
    public var seed: FileReference
    public var packs: [PackEntry]

    public init(
        schemaVersion: Int = 1, catalogVersion: Int, generatedAt: String, title: String,
        expires: String?, seed: FileReference, packs: [PackEntry]
    ) {
        self.schemaVersion = schemaVersion
        self.catalogVersion = catalogVersion
        self.generatedAt = generatedAt
        self.title = title
        self.expires = expires
        self.seed = seed
        self.packs = packs
    }

    /// One pack version as listed in catalog.json.
    public struct PackEntry: Codable, Sendable, Equatable {
        public var id: String
        public var slug: String
        public var kind: Kind
        public var title: String
        public var version: Int
        public var manifest: FileReference
        public var archive: FileReference?

        public init(
            id: String, slug: String, kind: Kind, title: String, version: Int,
            manifest: FileReference, archive: FileReference?
        ) {
            self.id = id
            self.slug = slug
            self.kind = kind
            self.title = title
            self.version = version
            self.manifest = manifest
            self.archive = archive
        }
    }
}
