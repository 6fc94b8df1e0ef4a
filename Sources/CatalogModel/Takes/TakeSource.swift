import Foundation

/// One recording of a pack.yaml item: its position among the item's takes (0-based, authored
/// order), its file and its asset id.
///
/// ```swift
/// let takes = TakeSource.derive(files: ["audio/clash-1.wav", "audio/clash-2.wav"], packId: pack, itemId: item)
/// takes[1].assetId   // UUID v5(pack id, "<item id>/1"), stable across builds
/// ```
public struct TakeSource: Sendable, Equatable, Hashable {
    /// 0-based, in the order the files are written.
    public var take: Int
    /// Relative to pack.yaml.
    public var file: String
    /// The asset the take is published as.
    public var assetId: String

    /// A take from its fields.
    public init(take: Int, file: String, assetId: String) {
        self.take = take
        self.file = file
        self.assetId = assetId
    }

    /// The asset id of take `take` when pack.yaml does not write one: take 0 is the item's own
    /// asset id (written, or UUID v5 with the pack id as namespace and the item id as name, as for
    /// an item with one file); take N ≥ 1 is UUID v5 with the pack id as namespace and
    /// `"<item id>/<N>"` as name.
    public static func derivedAssetId(packId: String, itemId: String, take: Int) -> String {
        CanonicalID.v5(namespace: packId, name: take == 0 ? itemId : "\(itemId)/\(take)")
    }

    /// The takes of `files`, take 0 keeping `firstAssetId` when the author wrote one.
    public static func derive(files: [String], packId: String, itemId: String, firstAssetId: String? = nil)
        -> [TakeSource]
    {
        files.enumerated().map { i, file in
            let asset =
                i == 0 && firstAssetId != nil
                ? firstAssetId! : derivedAssetId(packId: packId, itemId: itemId, take: i)
            return TakeSource(take: i, file: file, assetId: asset)
        }
    }
}
