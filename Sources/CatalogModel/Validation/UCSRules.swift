import UCS

/// An item's `ucs:` against the Universal Category System list: a CatID the list does not hold
/// is a warning naming the nearest one (a newer list may hold it, so it is not an error).
///
/// ```swift
/// UCSRules.check(pack)   // "item 'Oak Slam': 'DOORWod' is not a UCS 8.2.1 CatID; did you mean 'DOORWood'?"
/// ```
enum UCSRules {
    static func check(_ pack: PackSource, list: UCSList = .builtIn) -> [Diagnostic] {
        pack.items.indices.compactMap { i -> Diagnostic? in
            let item = pack.items[i]
            guard let written = item.ucs, list.category(for: written)?.catID != written else { return nil }
            let path = "\(pack.itemPath(i)).ucs"
            let at = pack.locations[path]
            let hint =
                (list.category(for: written)?.catID ?? UCSFileName.nearestCatID(to: written, in: list))
                .map { "; did you mean '\($0)'?" } ?? "; see the UCS list for the CatIDs"
            return Diagnostic(
                .warning, "item '\(item.title)': '\(written)' is not a UCS \(list.version) CatID\(hint)",
                file: pack.file, line: at?.line, column: at?.column, path: path)
        }
    }
}
