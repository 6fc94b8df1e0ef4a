/// How a play reached the history.
///
/// ```swift
/// let outcome = try await library.plays.record(PlayInput(target: itemID, secondsPlayed: 95, source: .app))
/// ```
public enum PlaySource: String, Sendable, Hashable, CaseIterable, Codable {
    /// Played and timed by the app itself.
    case app
    /// Seen in another player's history (a device sync or a play-count import after the first).
    case sync
    /// Entered by the user.
    case manual
    /// Reconstructed from a play count on a target's first import.
    case estimated

    /// Reads a stored value; an unknown one is an error, never a fallback.
    static func stored(_ text: String) throws -> PlaySource {
        guard let source = PlaySource(rawValue: text) else {
            throw ListeningError.unknownStoredValue(column: "source", value: text)
        }
        return source
    }
}

/// What a play is of: a library item's kind, or a cached music track.
public enum PlayTargetKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A cached music track (`track:<trackId>`).
    /// A music entry.
    /// A sound effect.
    /// An atmosphere item.
    case music, atmosphere, sfx, track

    static func stored(_ text: String) throws -> PlayTargetKind {
        guard let kind = PlayTargetKind(rawValue: text) else {
            throw ListeningError.unknownStoredValue(column: "target_kind", value: text)
        }
        return kind
    }
}
