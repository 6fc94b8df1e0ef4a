import CatalogModel

/// The identity rules across publishes: an id never changes kind, an item stays in its pack, a pack's
/// version never goes back. (A changed pack at the same version is caught when its build is
/// compared with the published one.) Removed items and packs are allowed and reported.
struct IdentityRules {
    var problems: [IdentityViolation] = []
    var removedPacks: [String] = []
    var removedItems: [String] = []

    /// What an id was in a seed: "music", "atmosphere pack", "sfx item" …
    static func roles(of seed: Seed) -> [String: (role: String, pack: String?)] {
        var roles: [String: (role: String, pack: String?)] = [:]
        for m in seed.music { roles[m.id] = ("music entry", nil) }
        for p in seed.packs {
            roles[p.id] = ("\(p.kind.rawValue) pack", nil)
            for i in p.items { roles[i.id] = ("\(p.kind.rawValue) item", p.id) }
        }
        return roles
    }

    init() {}

    init(previous: Seed?, previousDocument: CatalogDocument?, current: ValidatedCatalog) {
        guard let previous else { return }
        let old = Self.roles(of: previous)
        var seen: Set<String> = []
        func check(_ id: String, role: String, pack: String?, label: String) {
            seen.insert(id)
            guard let before = old[id] else { return }
            if before.role != role {
                problems.append(.kindChanged(id: id, label: label, before: before.role, after: role))
            } else if let oldPack = before.pack, let pack, oldPack != pack {
                problems.append(.itemMoved(itemID: id, label: label, fromPack: oldPack, toPack: pack))
            }
        }
        let publishedVersions = Dictionary(
            (previousDocument?.packs ?? []).map { ($0.id, $0.version) }, uniquingKeysWith: { a, _ in a })
        for m in current.catalog.music { check(m.id, role: "music entry", pack: nil, label: m.title) }
        for p in current.packs {
            check(p.id, role: "\(p.kind.rawValue) pack", pack: nil, label: p.slug)
            for item in p.items { check(item.id, role: "\(p.kind.rawValue) item", pack: p.id, label: item.title) }
            if let published = publishedVersions[p.id], p.version < published {
                problems.append(.versionWentBack(packID: p.id, slug: p.slug, version: p.version, published: published))
            }
        }
        for p in previous.packs where !seen.contains(p.id) { removedPacks.append(p.id) }
        for p in previous.packs {
            for i in p.items where !seen.contains(i.id) && seen.contains(p.id) { removedItems.append(i.id) }
        }
        for m in previous.music where !seen.contains(m.id) { removedItems.append(m.id) }
    }
}
