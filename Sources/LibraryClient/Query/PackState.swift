/// Where a pack stands on this device. Stored in `pack_state.state` as the raw value.
///
/// ```swift
/// let pack = try await library.packs.fetchPack(PackReference("dungeon-delve"))
/// if pack.state == .downloaded { print("ready to play offline") }
/// ```
public enum PackState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Listed, nothing installed (the state after a sync and after an uninstall).
    case notDownloaded = "not_downloaded"
    /// An install is under way (or was interrupted: `client repair` resumes it).
    case downloading
    /// Every asset is installed and verified.
    case downloaded
    /// The last install failed; `lastError` says why.
    case failed
    /// Its audio was removed to keep within the audio budget (or by hand); its items stay listed,
    /// not available, and an install brings it back.
    case offloaded
}
