import Foundation

/// What one pack contributes to the validation of its catalog, in the order the catalog's checks
/// meet it: its own problems (form, files, audio headers, licenses, UCS), its tags for the
/// catalog's typo guard and its ids for the catalog's registry. ``CatalogValidator`` makes one
/// from each parsed pack and replays it (``replay(tags:ids:into:)``); the build state keeps it,
/// so a pack whose files did not change is not read again and its problems are still reported
/// with their files and lines.
///
/// ```swift
/// let check = PackCheck.load(path: "catalog/packs/caves/pack.yaml", allowedLicenses: nil).check
/// var tags = TagGuard(initial: catalog.vocabularies)
/// var ids = IdentityRegistry()
/// check.replay(tags: &tags, ids: &ids, into: &report)   // the same diagnostics as checking the pack
/// ```
package struct PackCheck: Codable, Sendable, Equatable {
    /// One thing the catalog's checks do with the pack, in order.
    package enum Step: Codable, Sendable, Equatable {
        /// A problem of the pack alone.
        case diagnostic(KeptDiagnostic)
        /// Names for the typo guard.
        case tags(TagUse)
        /// The pack's id and slug for the registry.
        case pack(PackClaim)
        /// An item's id and asset ids for the registry.
        case item(ItemClaim)
    }

    package struct PackClaim: Codable, Sendable, Equatable {
        package var id: String
        package var slug: String
        package var version: Int
        var idAt: SourceLocation?
        var slugAt: SourceLocation?
    }

    package struct ItemClaim: Codable, Sendable, Equatable {
        var id: String
        var title: String
        var path: String
        var at: SourceLocation?
        var assetId: String
        /// Whether the asset id is the one derived from the pack's and the item's ids.
        var derived: Bool
        var assetAt: SourceLocation?
        /// The asset ids of the takes after the first, with their take numbers.
        var takes: [Take]

        struct Take: Codable, Sendable, Equatable {
            var take: Int
            var assetId: String
        }
    }

    /// The pack.yaml this is of.
    package var file: String
    package var steps: [Step]
    /// The pack's id, slug and version, when it could be read.
    package var pack: PackClaim? {
        for step in steps { if case .pack(let claim) = step { return claim } }
        return nil
    }

    /// How many items the pack has.
    package var itemCount: Int {
        steps.reduce(0) { count, step in
            if case .item = step { count + 1 } else { count }
        }
    }

    /// Every file the checks read, relative to the pack's folder (item files and artwork; not
    /// pack.yaml itself): a change to any of them makes the check stale.
    package var inputs: [String]

    package init(file: String, steps: [Step], inputs: [String]) {
        self.file = file
        self.steps = steps
        self.inputs = inputs
    }

    /// Reads and checks the pack.yaml at `path` (its form, then ``PackValidator``'s rules, then the
    /// license allow list); `pack` is nil when it could not be read at all.
    package static func load(path: String, allowedLicenses: [String]?) -> (check: PackCheck, pack: PackSource?) {
        let (pack, problems) = PackSource.load(path: path)
        return (make(file: path, pack: pack, problems: problems, allowedLicenses: allowedLicenses), pack)
    }

    /// The check of a pack.yaml read as `pack` (nil: it could not be read) with `problems` of form.
    package static func make(
        file: String, pack: PackSource?, problems: [Diagnostic], allowedLicenses: [String]?
    ) -> PackCheck {
        var steps = problems.map { Step.diagnostic(KeptDiagnostic($0)) }
        guard let pack else { return PackCheck(file: file, steps: steps, inputs: []) }
        steps += PackValidator.steps(pack)
        steps += claims(of: pack)
        if let allowedLicenses {
            steps += LicenseRules.checkAllowed(pack, allowed: allowedLicenses).map { .diagnostic(KeptDiagnostic($0)) }
        }
        return PackCheck(file: file, steps: steps, inputs: inputs(of: pack))
    }

    /// The files a pack's checks read besides pack.yaml: its items' files and its artwork.
    package static func inputs(of pack: PackSource) -> [String] {
        var inputs = pack.items.flatMap { $0.takes.map(\.file) }
        if let artwork = pack.artwork, !artwork.hasPrefix("https://") { inputs.append(artwork) }
        return inputs
    }

    /// The registry's steps for `pack`: its id and slug, then each item's ids.
    static func claims(of pack: PackSource) -> [Step] {
        var steps: [Step] = [
            .pack(
                PackClaim(
                    id: pack.id, slug: pack.slug, version: pack.version, idAt: pack.locations["id"],
                    slugAt: pack.locations["slug"]))
        ]
        for (i, item) in pack.items.enumerated() {
            let path = pack.itemPath(i)
            steps.append(
                .item(
                    ItemClaim(
                        id: item.id, title: item.title, path: path, at: pack.locations["\(path).id"],
                        assetId: item.assetId,
                        derived: item.assetId == CanonicalID.v5(namespace: pack.id, name: item.id),
                        assetAt: pack.locations["\(path).assetId"],
                        takes: item.takes.dropFirst().map { ItemClaim.Take(take: $0.take, assetId: $0.assetId) })))
        }
        return steps
    }
}
