import Foundation

/// An error of this library as Foundation sees it: `localizedDescription` is its sentence of
/// facts (`description`) and a bridged `NSError` carries a
/// Soundshelf domain with that sentence under `NSLocalizedDescriptionKey`, on every platform.
///
/// ```swift
/// catch { alert.message = error.localizedDescription }   // "no item '6b1f…' in the library"
/// ```
public protocol FactualError: LocalizedError, CustomNSError, CustomStringConvertible {}

extension FactualError {
    /// The sentence of facts, as `description`.
    public var errorDescription: String? { description }
    /// The sentence under `NSLocalizedDescriptionKey`, so a bridged `NSError` shows it on every platform.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
}

extension LibraryClientError: FactualError {
    /// `org.soundshelf.LibraryClient`.
    public static var errorDomain: String { "org.soundshelf.LibraryClient" }
}

extension PackInstallError: FactualError {
    /// `org.soundshelf.LibraryClient.install`.
    public static var errorDomain: String { "org.soundshelf.LibraryClient.install" }
}

extension CollectionsError: FactualError {
    /// `org.soundshelf.LibraryClient.collections`.
    public static var errorDomain: String { "org.soundshelf.LibraryClient.collections" }
}

extension ListeningError: FactualError {
    /// `org.soundshelf.LibraryClient.listening`.
    public static var errorDomain: String { "org.soundshelf.LibraryClient.listening" }
}

extension PagingError: FactualError {
    /// `org.soundshelf.LibraryClient.paging`.
    public static var errorDomain: String { "org.soundshelf.LibraryClient.paging" }
}

extension MusicServiceError: FactualError {
    /// `org.soundshelf.LibraryClient.music`.
    public static var errorDomain: String { "org.soundshelf.LibraryClient.music" }
}

extension LibraryClientError {
    /// `path` could not be created: ``cannotWrite(path:reason:)`` in the words of the `errno` the
    /// failed call left.
    static func cannotCreate(_ path: String) -> LibraryClientError {
        let code = errno
        let reason = code == 0 ? "the file cannot be created" : String(cString: strerror(code))
        return .cannotWrite(path: path, reason: reason)
    }
}
