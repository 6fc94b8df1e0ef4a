/// What an install, repair or uninstall left behind: `{"packId", "state", "files", "bytes"}`.
///
/// ```swift
/// let result = try await manager.startDownload("dungeon-delve")
/// print(result.state, result.files, result.bytes)   // downloaded 9 141234
/// ```
public struct PackInstallResult: Sendable, Hashable, Codable {
    /// The pack's id.
    public var packID: String
    /// `pack_state.state` afterwards.
    public var state: PackState
    /// Installed files (after install/repair) or removed files (after uninstall).
    public var files: Int
    /// Their total size in bytes.
    public var bytes: Int64
    /// Bytes fetched over the network (or copied from a `file://` catalog) by this operation.
    public var downloadedBytes: Int64
    /// Bytes a partial download of an earlier, interrupted run already held, used instead of
    /// being fetched again.
    public var resumedBytes: Int64
    /// Installed files that were verified and kept instead of being downloaded again.
    public var reusedFiles: Int
    /// Requests tried again after a transient failure (408, 429, 5xx, a dropped or stalled connection).
    public var retries: Int
    /// Packs the install offloaded first to keep within the audio budget, in the order it did.
    public var offloaded: [OffloadedPack] = []

    /// A result from its fields.
    public init(
        packID: String, state: PackState, files: Int, bytes: Int64,
        downloadedBytes: Int64 = 0, reusedFiles: Int = 0, retries: Int = 0, resumedBytes: Int64 = 0
    ) {
        self.resumedBytes = resumedBytes
        self.retries = retries
        self.packID = packID
        self.state = state
        self.files = files
        self.bytes = bytes
        self.downloadedBytes = downloadedBytes
        self.reusedFiles = reusedFiles
    }
}
