/// `catalog.json` of schema 2: a small entry point whatever the catalog's size. Everything else
/// is an immutable, content-addressed file reached through the hashes it holds: the index (which
/// lists the shards) and the deltas from the recent versions.
///
/// ```swift
/// let catalog = try CatalogJSON.decode(ShardedCatalogDocument.self, from: data, file: "catalog.json")
/// catalog.deltas.first?.from   // a client at this version fetches only that file
/// ```
public struct ShardedCatalogDocument: Codable, Sendable, Equatable {
    public var schemaVersion: Int
    public var catalogVersion: Int
    public var generatedAt: String
    public var title: String
    public var expires: String?
    /// The gzip-compressed ``CatalogIndex`` of this version.
    public var index: FileReference
    /// One delta per recent publish, oldest first: `from` → `to` (= `from` + 1).
    public var deltas: [DeltaReference]

    public init(
        catalogVersion: Int, generatedAt: String, title: String, expires: String?, index: FileReference,
        deltas: [DeltaReference]
    ) {
        self.schemaVersion = 2
        self.catalogVersion = catalogVersion
        self.generatedAt = generatedAt
        self.title = title
        self.expires = expires
        self.index = index
        self.deltas = deltas
    }

    /// The deltas that lead from `version` to this catalog's version, in order; nil when one is
    /// missing (the client is too far behind, or ahead).
    public func deltaChain(from version: Int) -> [DeltaReference]? {
        guard version < catalogVersion else { return nil }
        var chain: [DeltaReference] = []
        var at = version
        while at < catalogVersion {
            guard let next = deltas.first(where: { $0.from == at && $0.to > at }) else { return nil }
            chain.append(next)
            at = next.to
        }
        return at == catalogVersion ? chain : nil
    }
}

/// A delta as catalog.json lists it: the versions it leads between and the file.
public struct DeltaReference: Codable, Sendable, Equatable, Hashable {
    public var from: Int
    public var to: Int
    public var url: String
    public var sha256: String
    public var bytes: Int64

    public init(from: Int, to: Int, file: FileReference) {
        self.from = from
        self.to = to
        self.url = file.url
        self.sha256 = file.sha256
        self.bytes = file.bytes
    }

    /// The file part.
    public var file: FileReference { FileReference(url: url, sha256: sha256, bytes: bytes) }
}

/// The first thing read from any catalog.json: which schema it is.
public struct CatalogSchemaProbe: Decodable, Sendable {
    public var schemaVersion: Int
}
