import Foundation

/// Pack slugs: `[a-z0-9-]+`, unique in a catalog.
///
/// ```swift
/// Slug.make(from: "Dungeon Delve!")   // "dungeon-delve"
/// Slug.isValid("dungeon-delve")       // true
/// ```
public enum Slug {
    public static func isValid(_ slug: String) -> Bool {
        !slug.isEmpty
            && slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    public static func make(from title: String) -> String {
        let folded = title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        var slug = ""
        for scalar in folded.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "pack" : slug
    }
}
