/// The order of every credits list, written once (an app's Credits screen, `client credits` and
/// the published page agree): groups by license id, items naming credits but no license last;
/// in each group, items by title (case-insensitive), then id.
///
/// ```swift
/// let groups = CreditOrder.grouped(items, license: \.license, title: \.title, id: \.id)
/// groups.map(\.license)   // ["CC-BY-4.0", "CC0-1.0", nil]
/// ```
package enum CreditOrder {
    /// `items` grouped by `license`, groups and items in credits order.
    package static func grouped<Item>(
        _ items: [Item], license: (Item) -> String?, title: (Item) -> String, id: (Item) -> String
    ) -> [(license: String?, items: [Item])] {
        var groups: [String?: [Item]] = [:]
        for item in items { groups[license(item), default: []].append(item) }
        return groups.sorted { a, b in
            switch (a.key, b.key) {
            case (let x?, let y?): x < y
            case (.some, .none): true
            default: false
            }
        }.map { key, members in
            let sorted = members.sorted {
                let (x, y) = (title($0).lowercased(), title($1).lowercased())
                return x != y ? x < y : id($0) < id($1)
            }
            return (key, sorted)
        }
    }
}
