/// Whether a manifest numbers each item's takes 0, 1, 2… without gaps.
///
/// ```swift
/// TakeNumbering.firstGap(in: manifest)   // nil, or the item and the take numbers it has
/// ```
public enum TakeNumbering {
    /// The first item (in manifest order) whose take numbers are not 0..<count, with its numbers.
    public static func firstGap(in manifest: Manifest) -> (item: String, takes: [Int])? {
        var takes: [String: [Int]] = [:]
        var order: [String] = []
        for asset in manifest.assets {
            let item = asset.itemId.lowercased()
            if takes[item] == nil { order.append(item) }
            takes[item, default: []].append(asset.takeNumber)
        }
        for item in order {
            let numbers = takes[item]!.sorted()
            if numbers != Array(0..<numbers.count) { return (item, numbers) }
        }
        return nil
    }
}
