import LibraryClient

/// One entry of `{"packs": [...]}` with explicit nulls.
package struct PackJSON: Encodable {
    package let pack: PackWithState

    package init(pack: PackWithState) { self.pack = pack }

    enum Keys: String, CodingKey {
        case id, slug, kind, title, version, state, installedVersion, bytesTotal, bytesDownloaded, lastError
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(pack.id, forKey: .id)
        try c.encode(pack.slug, forKey: .slug)
        try c.encode(pack.kind.rawValue, forKey: .kind)
        try c.encode(pack.title, forKey: .title)
        try c.encode(pack.version, forKey: .version)
        try c.encode(pack.state.rawValue, forKey: .state)
        try c.encode(pack.installedVersion, forKey: .installedVersion)
        try c.encode(pack.bytesTotal, forKey: .bytesTotal)
        try c.encode(pack.bytesDownloaded, forKey: .bytesDownloaded)
        try c.encode(pack.lastError, forKey: .lastError)
    }
}

/// `client show PACK`: the pack's fields plus its items.
package struct PackDetailJSON: Encodable {
    package let detail: PackDetail

    package init(detail: PackDetail) { self.detail = detail }

    enum Keys: String, CodingKey { case items }

    package func encode(to encoder: any Encoder) throws {
        try PackJSON(pack: detail.pack).encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(detail.items.map(ItemJSON.init(row:)), forKey: .items)
    }
}

/// `client packs`: `{"packs": [...]}`.
package struct PacksJSON: Encodable {
    package let packs: [PackJSON]

    package init(_ packs: [PackWithState]) { self.packs = packs.map(PackJSON.init(pack:)) }
}

/// `GET /api/packs/sizes`: `{"packs": [{"id", "archiveBytes"}]}`, the size of each pack's archive
/// as the catalog lists it (null when it does not: a schema-1 catalog), for a page to show before
/// an install starts (`/api/packs` keeps `client packs`' shape).
package struct PackSizesJSON: Encodable {
    struct Entry: Encodable {
        let id: String
        let archiveBytes: Int64?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(archiveBytes, forKey: .archiveBytes)
        }

        enum CodingKeys: String, CodingKey { case id, archiveBytes }
    }

    let packs: [Entry]

    package init(_ packs: [PackWithState]) {
        self.packs = packs.map { Entry(id: $0.id, archiveBytes: $0.archiveBytes) }
    }
}

/// What install, uninstall and repair print: `{"packId", "state", "files", "bytes"}`; install
/// and repair add `"reused"` (installed files verified and linked instead of fetched) and
/// `"downloaded"` (bytes fetched), `"resumed"` (bytes an interrupted run's partial downloads already
/// held) and `"retries"` (requests tried again after a transient failure).
package struct PackOperationJSON: Encodable {
    package let packId: String
    package let state: String
    package let files: Int
    package let bytes: Int64
    package let reused: Int?
    package let downloaded: Int64?
    package let resumed: Int64?
    package let retries: Int?
    /// Packs the install offloaded to keep within the audio budget (left out when none).
    package let offloaded: [OffloadedPack]

    /// `transfer`: whether the operation fetched (install, repair) and reports reused/downloaded.
    package init(_ result: PackInstallResult, transfer: Bool = true) {
        packId = result.packID
        state = result.state.rawValue
        files = result.files
        bytes = result.bytes
        reused = transfer ? result.reusedFiles : nil
        downloaded = transfer ? result.downloadedBytes : nil
        resumed = transfer ? result.resumedBytes : nil
        retries = transfer ? result.retries : nil
        offloaded = result.offloaded
    }

    enum CodingKeys: String, CodingKey {
        case packId, state, files, bytes, reused, downloaded, resumed, retries, offloaded
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(packId, forKey: .packId)
        try c.encode(state, forKey: .state)
        try c.encode(files, forKey: .files)
        try c.encode(bytes, forKey: .bytes)
        try c.encodeIfPresent(reused, forKey: .reused)
        try c.encodeIfPresent(downloaded, forKey: .downloaded)
        try c.encodeIfPresent(resumed, forKey: .resumed)
        try c.encodeIfPresent(retries, forKey: .retries)
        if !offloaded.isEmpty { try c.encode(offloaded, forKey: .offloaded) }
    }
}
