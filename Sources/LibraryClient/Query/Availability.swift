/// Whether an item can be played now. Music always plays through Apple Music (which
/// may still need MusicKit authorization or a subscription); an atmosphere or sfx item plays
/// once its pack is installed and its audio file exists.
///
/// ```swift
/// switch row.availability {
/// case .appleMusic: showMusicKitBadge()
/// case .available: play()
/// case .notDownloaded, .fileMissing, .offloaded: showLock()
/// }
/// ```
public enum Availability: String, Sendable, Hashable, Codable, CaseIterable {
    /// A music entry: resolved and played through Apple Music.
    case appleMusic
    /// Installed: the `item_local_audio` row and the file at its `local_path` exist.
    case available
    /// The item's pack is not installed.
    case notDownloaded
    /// The database says installed but the file is gone (repair the pack).
    case fileMissing
    /// The pack's audio was offloaded to keep within the audio budget; installing the pack
    /// brings it back.
    case offloaded

    /// True for music and installed items.
    public var isPlayable: Bool { self == .appleMusic || self == .available }
}
