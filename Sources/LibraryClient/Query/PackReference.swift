import CatalogFormat
import Foundation

/// How an app or a command names a pack: by its id, or by its slug.
///
/// `PackReference("3F0D6A52-8C1E-4C47-9A51-2F1F7C8E9B10")` is an id (either case is accepted and
/// made canonical); any other text is a slug. A reference never silently means the other: an id
/// that names no pack is not looked up as a slug.
///
/// ```swift
/// let pack = try await library.packs.fetchPack(PackReference("dungeon-delve"))
/// try await manager.startDownload(.id(pack.id))
/// ```
public enum PackReference: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The pack's UUID, as lowercase canonical text.
    case id(String)
    /// The pack's slug (`[a-z0-9-]+`, unique in a catalog).
    case slug(String)

    /// An id when `text` is a UUID (either case), else a slug.
    public init(_ text: String) {
        if let id = CanonicalID.parse(text) { self = .id(id) } else { self = .slug(text) }
    }

    /// The pack with this UUID.
    public init(id: UUID) { self = .id(id.uuidString.lowercased()) }

    public init(stringLiteral value: String) { self.init(value) }

    /// The id or slug as written.
    public var description: String {
        switch self {
        case .id(let id): id
        case .slug(let slug): slug
        }
    }
}
