import Foundation

/// Why `catalog push` stopped before talking to the store. (Store failures are
/// `ObjectStoreError`s naming the bucket, key and the store's error code.)
package enum PushError: Error, Sendable, CustomStringConvertible {
    case notPublished(directory: String)
    case unreadable(path: String, message: String)

    package var description: String {
        switch self {
        case .notPublished(let directory):
            "\(directory) holds no catalog.json: run `catalog publish \(directory)` first, then push"
        case .unreadable(let path, let message):
            "\(path): cannot read it (\(message)); nothing was uploaded"
        }
    }
}
