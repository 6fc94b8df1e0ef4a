import Licenses

/// The license rules of a pack: every `license` a known SPDX id or a `LicenseRef-…` (the
/// nearest known id suggested), credits wherever the resolved license requires attribution, a
/// warning for content without any license, and a catalog's `licenses.allow`.
///
/// ```swift
/// LicenseRules.check(pack)   // [packs/x/pack.yaml:4:10: error: unknown license 'CC-BY-4'; did you mean 'CC-BY-4.0'? …]
/// ```
public enum LicenseRules {
    /// The problem with one license id, or nil when it is a known id or a `LicenseRef-…`.
    public static func unknownLicense(_ id: String, in list: LicenseList = .builtIn) -> String? {
        guard !list.isValid(id) else { return nil }
        let hint = list.suggestion(for: id).map { "did you mean '\($0)'? " } ?? ""
        return "unknown license '\(id)'; \(hint)use an SPDX license id (https://spdx.org/licenses/) "
            + "or LicenseRef-<name> for a license of your own"
    }

    /// The rules on one pack's licenses and credits.
    public static func check(_ pack: PackSource, in list: LicenseList = .builtIn) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func add(_ severity: Diagnostic.Severity, _ message: String, _ path: String) {
            let at = pack.locations[path]
            found.append(Diagnostic(severity, message, file: pack.file, line: at?.line, column: at?.column, path: path))
        }
        if let id = pack.attribution.license, let problem = unknownLicense(id, in: list) {
            add(.error, problem, "license")
        }
        let needsCredits = { (a: Attribution) in
            a.publishedCredits == nil && a.license.flatMap { list.info(for: $0)?.attributionRequired } == true
        }
        // Items that take both license and credits from the pack: one error at the pack's license.
        let inheriting = pack.items.filter { $0.attribution.license == nil && $0.attribution.credits == nil }
        if needsCredits(pack.attribution), let id = pack.attribution.license,
            pack.items.isEmpty || !inheriting.isEmpty
        {
            let titles = inheriting.prefix(3).map { "'\($0.title)'" }.joined(separator: ", ")
            let which =
                inheriting.isEmpty
                ? "" : " (it covers \(inheriting.count) item(s): \(titles)\(inheriting.count > 3 ? ", …" : ""))"
            add(
                .error,
                "license \(id) requires attribution; add 'credits' to the pack\(which), e.g. credits: [{name: Jane Field, role: recording}]",
                "license")
        }
        let unlicensed = pack.items.filter { $0.attribution.resolved(over: pack.attribution).license == nil }
        if pack.attribution.license == nil, !pack.items.isEmpty, unlicensed.count == pack.items.count {
            add(
                .warning,
                "the pack has no license; add 'license:' (an SPDX id such as CC0-1.0 or CC-BY-4.0, "
                    + "or LicenseRef-<name>) so apps know how its sounds may be used", "license")
        }
        for (i, item) in pack.items.enumerated() {
            let path = pack.itemPath(i)
            let own = item.attribution
            if let id = own.license, let problem = unknownLicense(id, in: list) {
                add(.error, "item '\(item.title)': " + problem, "\(path).license")
            }
            let resolved = own.resolved(over: pack.attribution)
            guard let id = resolved.license else {
                if unlicensed.count < pack.items.count {
                    add(
                        .warning, "item '\(item.title)' (\(item.id)) has no license and its pack none; add 'license:'",
                        path)
                }
                continue
            }
            let inherits = own.license == nil && own.credits == nil
            if !inherits, needsCredits(resolved) {
                add(
                    .error,
                    "item '\(item.title)' (\(item.id)) is under \(id), which requires attribution; add 'credits' "
                        + "to the item or its pack", own.license != nil ? "\(path).license" : path)
            }
        }
        return found
    }

    /// catalog.yaml's `licenses.allow` against every item of `pack`: an item under another
    /// license, or under none, is an error naming the item and its license.
    public static func checkAllowed(_ pack: PackSource, allowed: [String]) -> [Diagnostic] {
        let list = allowed.joined(separator: ", ")
        return pack.items.enumerated().compactMap { i, item in
            let license = item.attribution.resolved(over: pack.attribution).license
            if let license, allowed.contains(license) { return nil }
            let itemPath = pack.itemPath(i)
            let path = item.attribution.license != nil ? "\(itemPath).license" : (license != nil ? "license" : itemPath)
            let at = pack.locations[path]
            let what = license.map { "is under \($0)" } ?? "has no license"
            return Diagnostic(
                .error,
                "item '\(item.title)' (\(item.id)) \(what), which catalog.yaml's licenses.allow does not list "
                    + "(allowed: \(list)); change its license or the allow list", file: pack.file,
                line: at?.line, column: at?.column, path: itemPath)
        }
    }
}
