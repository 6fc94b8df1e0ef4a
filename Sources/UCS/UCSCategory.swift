/// One entry of the Universal Category System list: a CatID (`DOORWood`) with its category
/// (`DOORS`) and subcategory (`WOOD`) as the list writes them, what it is for, and its synonyms.
///
/// ```swift
/// let wood = UCSList.builtIn.category(for: "DOORWood")
/// wood?.categoryName      // "Doors"
/// wood?.subCategoryName   // "Wood"
/// ```
public struct UCSCategory: Sendable, Equatable, Decodable {
    /// The CatID, e.g. `DOORWood`.
    public var catID: String
    /// The category as the list writes it, e.g. `DOORS`.
    public var category: String
    /// The subcategory as the list writes it, e.g. `WOOD`.
    public var subCategory: String
    /// What the category holds, in the list's words.
    public var explanation: String
    /// The list's synonyms, lowercase.
    public var synonyms: [String]

    /// Creates an entry (the built-in list is the usual source).
    public init(catID: String, category: String, subCategory: String, explanation: String = "", synonyms: [String] = [])
    {
        self.catID = catID
        self.category = category
        self.subCategory = subCategory
        self.explanation = explanation
        self.synonyms = synonyms
    }

    private enum CodingKeys: String, CodingKey {
        case catID = "CatID"
        case category = "Category"
        case subCategory = "SubCategory"
        case explanation = "Explanations"
        case synonyms = "Synonyms"
    }

    /// The category in title case, as a tag value: `DOORS` → `Doors`, `SCI-FI` → `Sci-Fi`.
    public var categoryName: String { Self.titleCased(category) }
    /// The subcategory in title case, as a tag value: `WOOD` → `Wood`.
    public var subCategoryName: String { Self.titleCased(subCategory) }

    /// Every word a search for this CatID should find: the synonyms and the words of the
    /// category and subcategory, lowercase, each once, in that order.
    public var searchTerms: [String] {
        var seen = Set<String>()
        let words = (synonyms + [category, subCategory]).flatMap { text in
            text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
        }
        return words.filter { seen.insert($0).inserted }
    }

    /// Lowercase, with a capital at the start of each word (after a space, `-`, `/` or `(`).
    static func titleCased(_ text: String) -> String {
        var result = ""
        var startOfWord = true
        for character in text.lowercased() {
            result += startOfWord ? character.uppercased() : String(character)
            startOfWord = " -/(&".contains(character)
        }
        return result
    }
}
