import CatalogModel

/// The identity rules across publishes: an id never changes kind, an item stays in its pack, a pack's
/// version never goes back. (A changed pack at the same version is caught when its build is
/// compared with the published one.) Removed items and packs are allowed and reported.
struct IdentityRules {
    var problems: [IdentityViolation] = []
    var removedPacks: [String] = []
    var removedItems: [String] = []

    init() {}

    /// The rules for `current` against the whole `previous` seed (a schema-1 publish, which holds
    /// every pack in memory): every pack is checked as changed.
    init(previous: Seed?, current: ValidatedCatalog) {
        guard let previous else { return }
        var earlier = EarlierPacks()
        for pack in previous.packs { earlier.add(pack) }
        for entry in previous.music { earlier.add(music: entry.id) }
        var check = EarlierPacks.Check(earlier, packIDs: Set(current.packs.map(\.id)))
        check.add(music: current.catalog.music)
        for pack in current.packs { check.add(pack) }
        self = check.finished()
    }
}
