import Foundation

extension Library {
    /// A download manager for this library (keep one per library in an app).
    ///
    /// ```swift
    /// let manager = library.makeDownloadManager()
    /// try await manager.startDownload("dungeon-delve")
    /// ```
    public func makeDownloadManager(
        policy: DownloadPolicy = DownloadPolicy(),
        transport: (any CatalogTransport)? = nil
    ) -> PackDownloadManager {
        PackDownloadManager(library: self, policy: policy, transport: transport)
    }
}
