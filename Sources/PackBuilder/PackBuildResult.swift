import CatalogModel

/// What `packer build` made: `--json` prints it as
/// `{"packId","version","manifest","archive","assets","totalBytes"}`.
public struct PackBuildResult: Sendable, Encodable, Equatable {
    public var packId: String
    public var version: Int
    /// Path of manifest.json.
    public var manifest: String
    /// Path of pack.tar.
    public var archive: String
    public var assets: Int
    public var totalBytes: Int64
    /// False when the same version was already published with the same content.
    public var written: Bool
    /// How the audio sounds, where it may not be what the author wants (clipping, near
    /// silence, a clicking loop seam); printed on stderr, not part of the JSON.
    public var warnings: [Diagnostic] = []

    enum CodingKeys: String, CodingKey { case packId, version, manifest, archive, assets, totalBytes }
}

/// Progress of a build, reported per chunk (the CLI draws it at most a few times a second).
public struct BuildProgress: Sendable {
    public var filesDone: Int
    public var filesTotal: Int
    public var bytesDone: Int64
    public var bytesTotal: Int64
}
