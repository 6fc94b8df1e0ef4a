import Foundation

// Each error type of the library gives its sentence of facts to Foundation: an app showing
// `localizedDescription` (or bridging to NSError) gets that sentence and a stable domain.

extension LibraryClientError: LocalizedError, CustomNSError {
    /// The sentence of facts, as ``description``.
    public var errorDescription: String? { description }
    /// The sentence under `NSLocalizedDescriptionKey`, so a bridged `NSError` shows it on every platform.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
    /// `org.soundshelf.LibraryClient`.
    public static var errorDomain: String { "org.soundshelf.LibraryClient" }
}

extension PackInstallError: LocalizedError, CustomNSError {
    /// The sentence of facts, as ``description``.
    public var errorDescription: String? { description }
    /// The sentence under `NSLocalizedDescriptionKey`, so a bridged `NSError` shows it on every platform.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
    /// `org.soundshelf.LibraryClient.install`.
    public static var errorDomain: String { "org.soundshelf.LibraryClient.install" }
}

extension CollectionsError: LocalizedError, CustomNSError {
    /// The sentence of facts, as ``description``.
    public var errorDescription: String? { description }
    /// The sentence under `NSLocalizedDescriptionKey`, so a bridged `NSError` shows it on every platform.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
    /// `org.soundshelf.LibraryClient.collections`.
    public static var errorDomain: String { "org.soundshelf.LibraryClient.collections" }
}

extension ListeningError: LocalizedError, CustomNSError {
    /// The sentence of facts, as ``description``.
    public var errorDescription: String? { description }
    /// The sentence under `NSLocalizedDescriptionKey`, so a bridged `NSError` shows it on every platform.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
    /// `org.soundshelf.LibraryClient.listening`.
    public static var errorDomain: String { "org.soundshelf.LibraryClient.listening" }
}

extension PagingError: LocalizedError, CustomNSError {
    /// The sentence of facts, as ``description``.
    public var errorDescription: String? { description }
    /// The sentence under `NSLocalizedDescriptionKey`, so a bridged `NSError` shows it on every platform.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
    /// `org.soundshelf.LibraryClient.paging`.
    public static var errorDomain: String { "org.soundshelf.LibraryClient.paging" }
}

extension MusicServiceError: LocalizedError, CustomNSError {
    /// The sentence of facts, as ``description``.
    public var errorDescription: String? { description }
    /// The sentence under `NSLocalizedDescriptionKey`, so a bridged `NSError` shows it on every platform.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
    /// `org.soundshelf.LibraryClient.music`.
    public static var errorDomain: String { "org.soundshelf.LibraryClient.music" }
}
