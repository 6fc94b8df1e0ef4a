/// The take numbers of the published formats, with their defaults.
extension Manifest.Asset {
    /// Which take of its item this asset is: `take`, or 0 when the key is absent.
    ///
    /// ```swift
    /// manifest.assets.filter { $0.itemId == item }.map(\.takeNumber)   // [0, 1, 2]
    /// ```
    public var takeNumber: Int { take ?? 0 }
}

extension Seed.Item {
    /// How many recordings the item holds: `takes`, or 1 when the key is absent.
    ///
    /// ```swift
    /// seed.packs[0].items.map(\.takeCount)   // [1, 3, 4]
    /// ```
    public var takeCount: Int { takes ?? 1 }
}
