import Foundation

/// A document that arrived whole but damaged — it fails its size or SHA-256, cannot be read as
/// what it should be, or its signature does not verify — is fetched once more from the start,
/// counted as a retry (``RetryLog``), as archives and assets are (`PackFetchers`). A second
/// failure is the document's own and final. A local file is not read twice: nothing damages it
/// on the way.
///
/// ```swift
/// let manifest = try await DamagedBody.onceMore(url, when: ManifestLoader.isDamage) {
///     try await fetchManifest(reference, url: url, label: label)   // size, SHA-256, decoding
/// }
/// ```
enum DamagedBody {
    static func onceMore<T>(
        _ url: URL, when isDamage: (any Error) -> Bool, _ fetch: () async throws -> T
    ) async throws -> T {
        do {
            return try await fetch()
        } catch  where !url.isFileURL && isDamage(error) {
            RetryLog.current?.record()
            return try await fetch()
        }
    }
}
