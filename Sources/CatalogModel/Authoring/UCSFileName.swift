import Foundation
import UCS

/// A file name in the Universal Category System's convention,
/// `CatID(-UserCategory)_FXName_CreatorID_SourceID(_UserData).ext`, read against the UCS list.
///
/// Only a first field that is a CatID of the list, spelled exactly, makes a name UCS; a name that
/// merely has underscores (`my_field_recording_01.wav`) is not one. A first field shaped like a
/// CatID (at least five letters or digits, two capitals then lowercase ones, before two more
/// fields) within the typo guard's edit distance of a CatID, or a CatID in other capitals, is a
/// near miss: `DOORWod_…` → `DOORWood`.
///
/// ```swift
/// UCSFileName.read("DOORWood_Oak Slam Heavy_JD_FS.wav")
/// // .ucs(UCSFileName(category: DOORWood, fxName: "Oak Slam Heavy", creatorID: "JD", sourceID: "FS"))
/// UCSFileName.read("DOORWod_Oak Slam_JD_FS.wav")   // .nearMiss(written: "DOORWod", nearest: "DOORWood")
/// UCSFileName.read("my_field_recording_01.wav")     // .none
/// ```
package struct UCSFileName: Sendable, Equatable {
    package var category: UCSCategory
    /// The short title (the second field), as written; nil when empty or absent.
    package var fxName: String?
    package var creatorID: String?
    package var sourceID: String?

    package enum Match: Sendable, Equatable {
        case ucs(UCSFileName)
        case nearMiss(written: String, nearest: String)
        case none
    }

    /// Reads the name of `path` (its folders and extension are ignored).
    package static func read(_ path: String, list: UCSList = .builtIn) -> Match {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        let base = name.lastIndex(of: ".").map { $0 > name.startIndex ? name[..<$0] : name } ?? name
        let fields = base.split(separator: "_", omittingEmptySubsequences: false).map { field in
            String(field.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
        guard fields.count >= 2, let first = fields.first else { return .none }
        let catID = String(first.prefix { $0 != "-" })
        func field(_ i: Int) -> String? { i < fields.count && !fields[i].isEmpty ? fields[i] : nil }
        if let category = list.category(for: catID), category.catID == catID {
            return .ucs(UCSFileName(category: category, fxName: field(1), creatorID: field(2), sourceID: field(3)))
        }
        // Shaped like a CatID: capitals then a capitalised subcategory (`DOORWod`), or a CatID in other
        // capitals (`DOORWOOD`); an all-capitals word (`RAINY`, `SFX`) is a word, not a misspelt CatID.
        guard fields.count >= 3, catID.count >= 5, catID.prefix(2).allSatisfy(\.isUppercase),
            catID.allSatisfy({ $0.isLetter || $0.isNumber }),
            catID.contains(where: \.isLowercase) || list.category(for: catID) != nil
        else { return .none }
        if let other = list.category(for: catID) { return .nearMiss(written: catID, nearest: other.catID) }
        guard let nearest = nearestCatID(to: catID, in: list) else { return .none }
        return .nearMiss(written: catID, nearest: nearest)
    }

    /// The CatID closest to `written` within edit distance 2 (the typo guard's), the list's
    /// first among equals; nil when none is that close.
    package static func nearestCatID(to written: String, in list: UCSList = .builtIn) -> String? {
        var best: (catID: String, distance: Int)?
        for category in list.categories {
            let distance = TagName.editDistance(written, category.catID)
            if distance <= 2, distance < (best?.distance ?? 3) { best = (category.catID, distance) }
        }
        return best?.catID
    }
}
