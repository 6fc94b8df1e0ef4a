/// Why ``FacetIndex/init(serialized:expectedStamp:)`` refused a file. Every case means
/// "rebuild the index from the database".
///
/// ```swift
/// do {
///     index = try FacetIndex(serialized: data, expectedStamp: stamp)
/// } catch {
///     index = rebuildFromDatabase()   // FacetIndexError.stampMismatch, .corrupt, …
/// }
/// ```
package enum FacetIndexError: Error, Sendable, Equatable {
    /// The data does not start with the facet index magic.
    case notAFacetIndex
    /// Written by a format version this code does not read.
    case unsupportedVersion(UInt32)
    /// Written for another database state.
    case stampMismatch(found: String)
    /// The data ends early.
    case truncated
    /// The checksum or a structural check failed.
    case corrupt(String)
    /// The file is missing, empty or could not be read (`errno` of the failed call).
    case unreadable(path: String, errno: Int32)
}
