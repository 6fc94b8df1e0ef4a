import CatalogModel
import CatalogPublisher
import Foundation
import SyntheticData

/// Versions of the realistic synthetic catalog for the delta benchmark. Version 2: one item
/// retitled, one added, one removed. Each version from 3 on retitles a different 0.1 % of the
/// items (so ten of them change 1 %). Versions are cumulative.
struct SyntheticVersions {
    let items: Int
    var synthetic: SyntheticSeed { SyntheticSeed(items: items) }

    /// The version a residue of an item's number belongs to (3…12), if any.
    static func retitledIn(_ number: Int, upTo version: Int) -> Int? {
        guard version >= 3 else { return nil }
        return (3...version).first { number % 1000 == ($0 * 37) % 1000 }
    }

    /// The packs of `version`, in order; `changed` is told each item retitled from version 3 on.
    func forEachPack(version: Int, changed: (Seed.Item) -> Void = { _ in }, _ emit: (Seed.Pack) throws -> Void) throws {
        var number = 0
        var index = 0
        try synthetic.forEachPack { pack in
            var pack = pack
            defer { index += 1 }
            if version >= 2 {
                if index == 10 { pack.items[5].title += " (retitled)" }
                if index == 20 { pack.items.removeLast() }
                if index == 30 {
                    var added = pack.items[0]
                    added.id = SyntheticSeed.id(95_000_000)
                    added.title = "An added sound"
                    added.sortOrder = pack.items.count
                    pack.items.append(added)
                }
            }
            for i in pack.items.indices {
                if let at = Self.retitledIn(number, upTo: version) {
                    pack.items[i].title += " (v\(at))"
                    changed(pack.items[i])
                }
                number += 1
            }
            try emit(pack)
        }
    }

    /// Publishes `version` into `dist` (over the version before, if there), in bounded memory.
    func publish(version: Int, into dist: URL, spool: URL) throws -> Int64 {
        var header = synthetic.header()
        header.catalogVersion = version
        let placeholder = String(repeating: "0", count: 64)
        return try CatalogPublisher.publishStreamed(
            into: dist, header: header, items: items, title: "Synthetic \(items)", spool: spool
        ) { emit in
            try forEachPack(version: version) { pack in
                let manifest = FileReference(url: pack.manifestURL, sha256: placeholder, bytes: 0)
                try emit(ShardPack(pack: pack, manifest: manifest, archive: nil))
            }
        }.newBytes
    }
}
