import Yams

extension Node.Mapping {
    /// The value of `key`, as Yams' `self[key]` finds it (the last pair with that key), compared
    /// by the key's text alone. Yams compares whole nodes, resolving both nodes' tags through
    /// regular expressions at every pair, which made reading a pack of thousands of items spend
    /// most of its time looking keys up.
    func value(_ key: String) -> Node? {
        var found: Node?
        for index in indices where self[index].key.scalar?.string == key { found = self[index].value }
        return found
    }
}
